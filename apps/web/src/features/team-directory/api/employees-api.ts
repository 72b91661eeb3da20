import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EMPLOYEES_ENDPOINTS, KUDOS_ENDPOINTS, type EmployeeCreate, type EmployeeListParams, type EmployeeUpdate } from '@grove/shared';
import { callEndpoint } from '../../../app/endpoint-client';

/** The query of `EMPLOYEES_ENDPOINTS.list` as the directory builds it (page and size always set). */
export type EmployeeQuery = EmployeeListParams & { page: number; pageSize: number };

export function useEmployees(query: EmployeeQuery) {
  return useQuery({
    queryKey: ['employees', 'directory', query],
    queryFn: ({ signal }) => callEndpoint(EMPLOYEES_ENDPOINTS.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** System Admin: create, change, deactivate, re-invite. Every answer refreshes the directory. */
export function useEmployeeMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['employees'] });
  return {
    create: useMutation({ mutationFn: (body: EmployeeCreate) => callEndpoint(EMPLOYEES_ENDPOINTS.create, { body }), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: EmployeeUpdate }) => callEndpoint(EMPLOYEES_ENDPOINTS.update, { params: { id }, body }),
      onSuccess: refresh,
    }),
    deactivate: useMutation({ mutationFn: (id: string) => callEndpoint(EMPLOYEES_ENDPOINTS.deactivate, { params: { id } }), onSuccess: refresh }),
    resend: useMutation({ mutationFn: (id: string) => callEndpoint(EMPLOYEES_ENDPOINTS.resendInvitation, { params: { id } }), onSuccess: refresh }),
  };
}

/** Kudos each person received from customers (`GET /api/Kudos/counts`), for the cards. */
export function useKudosCounts(userIds: readonly string[]) {
  return useQuery({
    queryKey: ['kudos', 'counts', userIds],
    queryFn: async ({ signal }) =>
      new Map((await callEndpoint(KUDOS_ENDPOINTS.counts, { query: { userIds: userIds.join(',') } }, { signal })).data.map((row) => [row.userId, row.count])),
    enabled: userIds.length > 0,
    placeholderData: keepPreviousData,
  });
}
