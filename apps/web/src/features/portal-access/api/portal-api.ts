import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CheckUserExistsResponse,
  CustomerDetailResponse,
  CustomerTeamAdd,
  CustomerTeamMember,
  Employee,
  PortalUser,
  PortalUserCreate,
  PortalUserCreated,
  PortalUserDetail,
  PortalUserStatus,
  PortalUserUpdate,
} from '@grove/shared';
import { api, getList, getOne } from '../../../app/api-client';

/** What the list screen sends to `GET …/portal-users`. */
export interface PortalListQuery {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  status?: PortalUserStatus;
}

const customerPath = (id: string) => `/api/Customers/${encodeURIComponent(id)}`;
const usersPath = (id: string) => `${customerPath(id)}/portal-users`;
const userPath = (id: string, userId: string) => `${usersPath(id)}/${encodeURIComponent(userId)}`;

export const portalKeys = {
  all: (customerId: string) => ['portal-users', customerId] as const,
  list: (customerId: string, params: PortalListQuery) => ['portal-users', customerId, 'list', params] as const,
  user: (customerId: string, userId: string) => ['portal-users', customerId, 'user', userId] as const,
  team: (customerId: string) => ['customers', 'team', customerId] as const,
};

/** The customer itself (same cache entry as the customer pages): name and what the caller may do. */
export function usePortalCustomer(id: string | undefined) {
  return useQuery({
    queryKey: ['customers', 'detail', id ?? ''],
    queryFn: ({ signal }) => getOne<CustomerDetailResponse>('/api/Customers', id!, signal),
    enabled: !!id,
  });
}

export function usePortalUsers(customerId: string, params: PortalListQuery, enabled = true) {
  return useQuery({
    queryKey: portalKeys.list(customerId, params),
    queryFn: ({ signal }) => getList<PortalUser>(usersPath(customerId), { ...params }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePortalUser(customerId: string, userId: string | undefined) {
  return useQuery({
    queryKey: portalKeys.user(customerId, userId ?? ''),
    queryFn: ({ signal }) => api.get<PortalUserDetail>(userPath(customerId, userId!), undefined, { signal }),
    enabled: !!userId,
  });
}

export function createPortalUser(customerId: string, body: PortalUserCreate): Promise<PortalUserCreated> {
  return api.post<PortalUserCreated>(usersPath(customerId), body);
}

export function updatePortalUser(customerId: string, userId: string, body: PortalUserUpdate): Promise<PortalUserDetail> {
  return api.put<PortalUserDetail>(userPath(customerId, userId), body);
}

export type PortalAction = 'resend-invitation' | 'disable' | 'enable' | 'approve' | 'disable-account' | 'enable-account';

/**
 * What the signed-in person may do as this customer's portal manager: a Board Member (not also a
 * Property Manager there) may not touch Property Managers nor give that role (issue 9 §6).
 */
export function portalLimits(customer: CustomerDetailResponse | undefined): { allowed: boolean; boardOnly: boolean } {
  const allowed = customer?.permissions.managePortal === true;
  const boardOnly = customer?.view === 'customer' && !customer.myRoles.includes('Property Manager');
  return { allowed, boardOnly: allowed && boardOnly };
}

/** Resend, disable, enable, approve: each answers the user; lists and the user reload. */
export function usePortalAction(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, action }: { userId: string; action: PortalAction }) => api.post<PortalUser>(`${userPath(customerId, userId)}/${action}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.all(customerId) }),
  });
}

/** `GET /api/Users/CheckUserExists`: does this email already have an account (and is it linked here)? */
export function checkUserExists(email: string, customerId: string, signal?: AbortSignal): Promise<CheckUserExistsResponse> {
  return api.get<CheckUserExistsResponse>('/api/Users/CheckUserExists', { email, customerId }, { signal });
}

// ── The customer's Grove team (addYnMember) ─────────────────────────────────────────────────────

export function useTeam(customerId: string, enabled = true) {
  return useQuery({
    queryKey: portalKeys.team(customerId),
    queryFn: async ({ signal }) => (await api.get<{ data: CustomerTeamMember[] }>(`${customerPath(customerId)}/team`, undefined, { signal })).data,
    enabled,
  });
}

export function useTeamMutations(customerId: string) {
  const queryClient = useQueryClient();
  const refresh = (team?: CustomerTeamMember[]) => {
    if (team) queryClient.setQueryData(portalKeys.team(customerId), team);
    else void queryClient.invalidateQueries({ queryKey: portalKeys.team(customerId) });
    // The customer page shows the team too.
    void queryClient.invalidateQueries({ queryKey: ['customers', 'detail', customerId] });
  };
  return {
    add: useMutation({
      mutationFn: async (body: CustomerTeamAdd) => (await api.post<{ data: CustomerTeamMember[] }>(`${customerPath(customerId)}/team`, body)).data,
      onSuccess: (team) => refresh(team),
    }),
    remove: useMutation({
      mutationFn: (userId: string) => api.delete<null>(`${customerPath(customerId)}/team/${encodeURIComponent(userId)}`),
      onSuccess: () => refresh(),
    }),
  };
}

/** Staff to pick from, searched on the server. */
export function useStaffSearch(search: string) {
  return useQuery({
    queryKey: ['employees', 'search', search],
    queryFn: ({ signal }) => getList<Employee>('/api/Employees', { page: 1, pageSize: 50, sort: 'name', search: search || undefined }, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
