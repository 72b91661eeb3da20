import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Employee, EmployeeCreate, EmployeeUpdate, StaffRole } from '@grove/shared';
import { api, getList } from '../../../app/api-client';

const LIST = '/api/Employees';
const one = (id: string) => `${LIST}/${encodeURIComponent(id)}`;

/** What the directory sends to `GET /api/Employees`. */
export interface EmployeeQuery {
  page: number;
  pageSize: number;
  sort: string;
  search?: string;
  branchId?: string;
  role?: StaffRole;
  active?: 'false';
}

export function useEmployees(query: EmployeeQuery) {
  return useQuery({
    queryKey: ['employees', 'directory', query],
    queryFn: ({ signal }) => getList<Employee>(LIST, { ...query }, signal),
    placeholderData: keepPreviousData,
  });
}

/** System Admin: create, change, deactivate, re-invite. Every answer refreshes the directory. */
export function useEmployeeMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['employees'] });
  return {
    create: useMutation({ mutationFn: (body: EmployeeCreate) => api.post<Employee>(LIST, body), onSuccess: refresh }),
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: EmployeeUpdate }) => api.put<Employee>(one(id), body), onSuccess: refresh }),
    deactivate: useMutation({ mutationFn: (id: string) => api.post<Employee>(`${one(id)}/deactivate`), onSuccess: refresh }),
    resend: useMutation({ mutationFn: (id: string) => api.post<Employee>(`${one(id)}/resend-invitation`), onSuccess: refresh }),
  };
}

/** Kudos each person received from customers (`GET /api/Kudos/counts`), for the cards. */
export function useKudosCounts(userIds: readonly string[]) {
  return useQuery({
    queryKey: ['kudos', 'counts', userIds],
    queryFn: async ({ signal }) =>
      new Map((await api.get<{ data: { userId: string; count: number }[] }>('/api/Kudos/counts', { userIds: userIds.join(',') }, { signal })).data.map((row) => [row.userId, row.count])),
    enabled: userIds.length > 0,
    placeholderData: keepPreviousData,
  });
}
