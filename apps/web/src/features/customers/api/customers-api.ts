import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CustomerDetail, CustomerSummary } from '@grove/shared';
import { getList, getOne } from '../../../app/api-client';
import type { CustomerListParams } from '../components/list-params';

const LIST = '/api/Customers';

export const customerKeys = {
  all: ['customers'] as const,
  list: (params: CustomerListParams) => ['customers', 'list', params] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
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
    queryFn: ({ signal }) => getOne<CustomerDetail>(LIST, id!, signal),
    enabled: !!id,
  });
}
