import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_ENDPOINTS,
  CUSTOMERS_ENDPOINTS,
  PORTAL_ACCESS_ENDPOINTS,
  SERVICE_REQUESTS_ENDPOINTS,
  type CustomerCreate,
  type CustomerDetailResponse,
  type CustomerSettingsUpdate,
  type CustomerUpdate,
  type UpdateProfileRequest,
  type UserProfile,
} from '@grove/shared';
import { refreshToken } from '../../../app/api-client';
import { callEndpoint } from '../../../app/endpoint-client';
import { customerKeys, customerZonesQuery } from '../../../entities/customers';

/** Keys shared by every screen that reads customers: entities/customers (the map and portal screens use the same ones). */
export { customerKeys };

// The list screen's calls live apart (customers-list-api.ts): the list page loads only those.
export { exportCustomersCsv, useCustomerList } from './customers-list-api';

export function useCustomer(id: string | undefined) {
  return useQuery({
    queryKey: customerKeys.detail(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(CUSTOMERS_ENDPOINTS.detail, { params: { id: id! } }, { signal }),
    enabled: !!id,
  });
}

/** Counts (total, open) and latest items of each per-customer area. */
export function useCustomerOverview(id: string | undefined) {
  return useQuery({
    queryKey: customerKeys.overview(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(CUSTOMERS_ENDPOINTS.overview, { params: { id: id! } }, { signal }),
    enabled: !!id,
  });
}

/**
 * How many of the customer's requests are past a due time (the page puts them first). Asked of
 * the requests list itself, so it counts exactly what the list would show.
 */
export function useOverdueRequestCount(id: string | undefined) {
  return useQuery({
    queryKey: [...customerKeys.overview(id ?? ''), 'overdue-requests'],
    queryFn: async ({ signal }) => (await callEndpoint(SERVICE_REQUESTS_ENDPOINTS.list, { query: { customerId: id!, overdue: 'true', pageSize: 1 } }, { signal })).total,
    enabled: !!id,
  });
}

/** A property's open requests, newest first (the customer dashboard shows a few per property). */
export function useOpenRequestsOf(id: string | undefined, pageSize = 3) {
  return useQuery({
    queryKey: [...customerKeys.overview(id ?? ''), 'open-requests', pageSize],
    queryFn: ({ signal }) => callEndpoint(SERVICE_REQUESTS_ENDPOINTS.list, { query: { customerId: id!, open: 'true', pageSize, sort: '-createdAt' } }, { signal }),
    enabled: !!id,
  });
}

export function useCustomerZones(id: string | undefined, enabled = true) {
  const zones = customerZonesQuery(id);
  return useQuery({ ...zones, enabled: zones.enabled && enabled });
}

export function createCustomer(body: CustomerCreate): Promise<CustomerDetailResponse> {
  return callEndpoint(CUSTOMERS_ENDPOINTS.create, { body });
}

export function updateCustomer(id: string, body: CustomerUpdate): Promise<CustomerDetailResponse> {
  return callEndpoint(CUSTOMERS_ENDPOINTS.update, { params: { id }, body });
}

/** After a write: the detail gets the answer, lists and counts reload. */
export function useCustomerSaved() {
  const queryClient = useQueryClient();
  return (customer: CustomerDetailResponse) => {
    queryClient.setQueryData(customerKeys.detail(customer.id), customer);
    void queryClient.invalidateQueries({ queryKey: ['customers', 'list'] });
  };
}

export function useCustomerSettings(id: string | undefined, enabled = true) {
  return useQuery({
    queryKey: customerKeys.settings(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(CUSTOMERS_ENDPOINTS.settings, { params: { id: id! } }, { signal }),
    enabled: !!id && enabled,
  });
}

export function useUpdateCustomerSettings(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerSettingsUpdate) => callEndpoint(CUSTOMERS_ENDPOINTS.updateSettings, { params: { id }, body }),
    onSuccess: (settings) => queryClient.setQueryData(customerKeys.settings(id), settings),
  });
}

export function useRotateRegistrationCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(CUSTOMERS_ENDPOINTS.rotateRegistrationCode, { params: { id } }),
    onSuccess: (settings) => queryClient.setQueryData(customerKeys.settings(id), settings),
  });
}

// ── The signed-in user's own profile and notification preferences (customer view settings) ─────

export function useMyProfile() {
  return useQuery({
    queryKey: ['me', 'profile'],
    queryFn: ({ signal }) => callEndpoint(ACCOUNT_ENDPOINTS.profile, {}, { signal }),
  });
}

export function updateMyProfile(body: UpdateProfileRequest): Promise<UserProfile> {
  return callEndpoint(ACCOUNT_ENDPOINTS.updateProfile, { body });
}

// ── Join requests: customers asking the signed-in person to join them (issue 9 §5) ─────────────

export function useJoinRequests() {
  return useQuery({
    queryKey: ['join-requests'],
    queryFn: async ({ signal }) => (await callEndpoint(PORTAL_ACCESS_ENDPOINTS.joinRequests, {}, { signal })).data,
  });
}

/** Accept or decline; the session is refreshed so the new property (and its roles) show at once. */
export function useAnswerJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, accept }: { customerId: string; accept: boolean }) =>
      callEndpoint(accept ? PORTAL_ACCESS_ENDPOINTS.acceptJoinRequest : PORTAL_ACCESS_ENDPOINTS.declineJoinRequest, { params: { customerId } }),
    onSuccess: async () => {
      await refreshToken().catch(() => null);
      await queryClient.invalidateQueries({ queryKey: ['join-requests'] });
      await queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
