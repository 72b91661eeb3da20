import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CUSTOMERS_ENDPOINTS } from '@grove/shared';
import { callEndpoint, downloadEndpoint } from '../../../app/endpoint-client';
import { downloadBlob } from '../../../components/ui/CsvExportButton';
import { customerKeys } from '../../../entities/customers';
import type { CustomerListQuery } from '../components/list-params';

/*
 * The customer list's calls, apart from customers-api.ts (detail, settings, portal, profile): the
 * list is the first screen of most staff, and the rest would bring the service-request, portal-access
 * and account declarations with it (decision 032).
 */

/** `GET /api/Customers?page=&pageSize=&sort=&search=&status=&type=…` (scoped by the server). */
export function useCustomerList(params: CustomerListQuery) {
  return useQuery({
    queryKey: customerKeys.list(params),
    queryFn: ({ signal }) => callEndpoint(CUSTOMERS_ENDPOINTS.list, { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/Customers/export.csv` with the list's current filter (all pages). */
export async function exportCustomersCsv(params: CustomerListQuery): Promise<void> {
  const { page: _page, pageSize: _pageSize, ...filter } = params;
  const { blob, fileName } = await downloadEndpoint(CUSTOMERS_ENDPOINTS.exportCsv, { query: filter }, 'customers.csv');
  downloadBlob(blob, fileName);
}
