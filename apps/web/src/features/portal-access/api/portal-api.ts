import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CUSTOMERS_ENDPOINTS,
  EMPLOYEES_ENDPOINTS,
  PORTAL_ACCESS_ENDPOINTS,
  type CheckUserExistsResponse,
  type CustomerDetailResponse,
  type CustomerTeamAdd,
  type CustomerTeamMember,
  type PortalUserCreate,
  type PortalUserCreated,
  type PortalUserDetail,
  type PortalUserListParams,
  type PortalUserUpdate,
} from '@grove/shared';
import { callEndpoint } from '../../../app/endpoint-client';

/** The query of `PORTAL_ACCESS_ENDPOINTS.list` as the list screen builds it (page and size always set). */
export type PortalListQuery = PortalUserListParams & { page: number; pageSize: number };

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
    queryFn: ({ signal }) => callEndpoint(CUSTOMERS_ENDPOINTS.detail, { params: { id: id! } }, { signal }),
    enabled: !!id,
  });
}

export function usePortalUsers(customerId: string, params: PortalListQuery, enabled = true) {
  return useQuery({
    queryKey: portalKeys.list(customerId, params),
    queryFn: ({ signal }) => callEndpoint(PORTAL_ACCESS_ENDPOINTS.list, { params: { id: customerId }, query: params }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePortalUser(customerId: string, userId: string | undefined) {
  return useQuery({
    queryKey: portalKeys.user(customerId, userId ?? ''),
    queryFn: ({ signal }) => callEndpoint(PORTAL_ACCESS_ENDPOINTS.detail, { params: { id: customerId, userId: userId! } }, { signal }),
    enabled: !!userId,
  });
}

export function createPortalUser(customerId: string, body: PortalUserCreate): Promise<PortalUserCreated> {
  return callEndpoint(PORTAL_ACCESS_ENDPOINTS.create, { params: { id: customerId }, body });
}

export function updatePortalUser(customerId: string, userId: string, body: PortalUserUpdate): Promise<PortalUserDetail> {
  return callEndpoint(PORTAL_ACCESS_ENDPOINTS.update, { params: { id: customerId, userId }, body });
}

/** The actions on one portal user, by the last segment of their path. */
const PORTAL_ACTIONS = {
  'resend-invitation': PORTAL_ACCESS_ENDPOINTS.resendInvitation,
  disable: PORTAL_ACCESS_ENDPOINTS.disable,
  enable: PORTAL_ACCESS_ENDPOINTS.enable,
  approve: PORTAL_ACCESS_ENDPOINTS.approve,
  'disable-account': PORTAL_ACCESS_ENDPOINTS.disableAccount,
  'enable-account': PORTAL_ACCESS_ENDPOINTS.enableAccount,
};
export type PortalAction = keyof typeof PORTAL_ACTIONS;

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
    mutationFn: ({ userId, action }: { userId: string; action: PortalAction }) => callEndpoint(PORTAL_ACTIONS[action], { params: { id: customerId, userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.all(customerId) }),
  });
}

/** `GET /api/Users/CheckUserExists`: does this email already have an account (and is it linked here)? */
export function checkUserExists(email: string, customerId: string, signal?: AbortSignal): Promise<CheckUserExistsResponse> {
  return callEndpoint(PORTAL_ACCESS_ENDPOINTS.checkUserExists, { query: { email, customerId } }, { signal });
}

// ── The customer's Grove team (addYnMember) ─────────────────────────────────────────────────────

export function useTeam(customerId: string, enabled = true) {
  return useQuery({
    queryKey: portalKeys.team(customerId),
    queryFn: async ({ signal }) => (await callEndpoint(CUSTOMERS_ENDPOINTS.team, { params: { id: customerId } }, { signal })).data,
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
      mutationFn: async (body: CustomerTeamAdd) => (await callEndpoint(CUSTOMERS_ENDPOINTS.addTeamMember, { params: { id: customerId }, body })).data,
      onSuccess: (team) => refresh(team),
    }),
    remove: useMutation({
      mutationFn: (userId: string) => callEndpoint(CUSTOMERS_ENDPOINTS.removeTeamMember, { params: { id: customerId, userId } }),
      onSuccess: () => refresh(),
    }),
  };
}

/** Staff to pick from, searched on the server. */
export function useStaffSearch(search: string) {
  return useQuery({
    queryKey: ['employees', 'search', search],
    queryFn: ({ signal }) => callEndpoint(EMPLOYEES_ENDPOINTS.list, { query: { page: 1, pageSize: 50, sort: 'name', search: search || undefined } }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
