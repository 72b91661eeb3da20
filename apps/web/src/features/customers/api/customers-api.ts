import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CustomerCreate,
  CustomerDetailResponse,
  CustomerOverview,
  CustomerSettings,
  CustomerSettingsUpdate,
  CustomerSummary,
  CustomerUpdate,
  JoinRequest,
  UpdateProfileRequest,
  UserProfile,
} from '@grove/shared';
import { api, apiDownload, getList, getOne, refreshToken } from '../../../app/api-client';
import { downloadBlob } from '../../../components/ui/CsvExportButton';
import { customerKeys, customerZonesQuery } from '../../../entities/customers';
import type { CustomerListParams } from '../components/list-params';

const LIST = '/api/Customers';
const one = (id: string) => `${LIST}/${encodeURIComponent(id)}`;

/** Keys shared by every screen that reads customers: entities/customers (the map and portal screens use the same ones). */
export { customerKeys };

/** `GET /api/Customers?page=&pageSize=&sort=&search=&status=&type=…` (scoped by the server). */
export function useCustomerList(params: CustomerListParams) {
  return useQuery({
    queryKey: customerKeys.list(params),
    queryFn: ({ signal }) => getList<CustomerSummary>(LIST, { ...params }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: string | undefined) {
  return useQuery({
    queryKey: customerKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getOne<CustomerDetailResponse>(LIST, id!, signal),
    enabled: !!id,
  });
}

/** Counts (total, open) and latest items of each per-customer area. */
export function useCustomerOverview(id: string | undefined) {
  return useQuery({
    queryKey: customerKeys.overview(id ?? ''),
    queryFn: ({ signal }) => api.get<CustomerOverview>(`${one(id!)}/overview`, undefined, { signal }),
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
    queryFn: async ({ signal }) => (await getList<unknown>('/api/ServiceRequests', { customerId: id!, overdue: 'true', pageSize: 1 }, signal)).total,
    enabled: !!id,
  });
}

/** A property's open requests, newest first (the customer dashboard shows a few per property). */
export function useOpenRequestsOf(id: string | undefined, pageSize = 3) {
  return useQuery({
    queryKey: [...customerKeys.overview(id ?? ''), 'open-requests', pageSize],
    queryFn: ({ signal }) => getList<OpenRequestLine>('/api/ServiceRequests', { customerId: id!, open: 'true', pageSize, sort: '-createdAt' }, signal),
    enabled: !!id,
  });
}

/** The fields of a request the dashboard lists. */
export interface OpenRequestLine {
  id: string;
  number: string;
  title: string;
  createdAt: string;
  overdue: boolean;
}

export function useCustomerZones(id: string | undefined, enabled = true) {
  const zones = customerZonesQuery(id);
  return useQuery({ ...zones, enabled: zones.enabled && enabled });
}

/** `GET /api/Customers/export.csv` with the list's current filter (all pages). */
export async function exportCustomersCsv(params: CustomerListParams): Promise<void> {
  const { page: _page, pageSize: _pageSize, ...filter } = params;
  const { blob, fileName } = await apiDownload(`${LIST}/export.csv`, { ...filter }, 'customers.csv');
  downloadBlob(blob, fileName);
}

export function createCustomer(body: CustomerCreate): Promise<CustomerDetailResponse> {
  return api.post<CustomerDetailResponse>(LIST, body);
}

export function updateCustomer(id: string, body: CustomerUpdate): Promise<CustomerDetailResponse> {
  return api.put<CustomerDetailResponse>(one(id), body);
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
    queryFn: ({ signal }) => api.get<CustomerSettings>(`${one(id!)}/settings`, undefined, { signal }),
    enabled: !!id && enabled,
  });
}

export function useUpdateCustomerSettings(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerSettingsUpdate) => api.put<CustomerSettings>(`${one(id)}/settings`, body),
    onSuccess: (settings) => queryClient.setQueryData(customerKeys.settings(id), settings),
  });
}

export function useRotateRegistrationCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CustomerSettings>(`${one(id)}/settings/rotate-code`),
    onSuccess: (settings) => queryClient.setQueryData(customerKeys.settings(id), settings),
  });
}

// ── Reference data for filters and forms (staff only) ──────────────────────────────────────────


// ── The signed-in user's own profile and notification preferences (customer view settings) ─────

export function useMyProfile() {
  return useQuery({
    queryKey: ['me', 'profile'],
    queryFn: ({ signal }) => api.get<UserProfile>('/api/Users/me', undefined, { signal }),
  });
}

export function updateMyProfile(body: UpdateProfileRequest): Promise<UserProfile> {
  return api.put<UserProfile>('/api/Users/me', body);
}

// ── Join requests: customers asking the signed-in person to join them (issue 9 §5) ─────────────

const JOIN_REQUESTS = '/api/Users/me/join-requests';

export function useJoinRequests() {
  return useQuery({
    queryKey: ['join-requests'],
    queryFn: async ({ signal }) => (await api.get<{ data: JoinRequest[] }>(JOIN_REQUESTS, undefined, { signal })).data,
  });
}

/** Accept or decline; the session is refreshed so the new property (and its roles) show at once. */
export function useAnswerJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, accept }: { customerId: string; accept: boolean }) =>
      api.post<null>(`${JOIN_REQUESTS}/${encodeURIComponent(customerId)}/${accept ? 'accept' : 'decline'}`),
    onSuccess: async () => {
      await refreshToken().catch(() => null);
      await queryClient.invalidateQueries({ queryKey: ['join-requests'] });
      await queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
