import { useQuery } from '@tanstack/react-query';
import type { CustomerSummary, Page } from '@grove/shared';
import { api } from '../../../app/api-client';

/** Customers in the caller's scope with a map position, for the weather picker (first 100 by name). */
export function useWeatherCustomers() {
  return useQuery({
    queryKey: ['dashboard', 'weather-customers'],
    queryFn: async ({ signal }) => {
      const page = await api.get<Page<CustomerSummary>>('/api/Customers', { page: 1, pageSize: 100, sort: 'name' }, { signal });
      return page.data;
    },
    staleTime: 5 * 60 * 1000,
  });
}
