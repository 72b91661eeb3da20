import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CustomerDetailResponse, CustomerOverview, CustomerSummary } from '@grove/shared';
import { api, apiDownload, getList, getOne } from '../../../app/api-client';
import { downloadBlob } from '../../../components/ui/CsvExportButton';
import type { CustomerListParams } from '../components/list-params';

const LIST = '/api/Customers';

export const customerKeys = {
  all: ['customers'] as const,
  list: (params: CustomerListParams) => ['customers', 'list', params] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
  overview: (id: string) => ['customers', 'overview', id] as const,
};

/** `GET /api/Customers?page=&pageSize=&sort=&search=&status=&type=` (scoped by the server). */
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

/** Counts (total, open) of each per-customer area, for the section cards. */
export function useCustomerOverview(id: string | undefined) {
  return useQuery({
    queryKey: customerKeys.overview(id ?? ''),
    queryFn: ({ signal }) => api.get<CustomerOverview>(`${LIST}/${encodeURIComponent(id!)}/overview`, undefined, { signal }),
    enabled: !!id,
  });
}

/** `GET /api/Customers/export.csv` with the list's current filter (all pages). */
export async function exportCustomersCsv(params: CustomerListParams): Promise<void> {
  const { page: _page, pageSize: _pageSize, ...filter } = params;
  const { blob, fileName } = await apiDownload(`${LIST}/export.csv`, { ...filter }, 'customers.csv');
  downloadBlob(blob, fileName);
}
