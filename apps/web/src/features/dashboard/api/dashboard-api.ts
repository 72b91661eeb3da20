import { useQuery } from '@tanstack/react-query';
import { CUSTOMERS_ENDPOINTS } from '@grove/shared';
import { callEndpoint } from '../../../app/endpoint-client';

/** Customers in the caller's scope with a map position, for the weather picker (first 100 by name). */
export function useWeatherCustomers() {
  return useQuery({
    queryKey: ['dashboard', 'weather-customers'],
    queryFn: async ({ signal }) => {
      const page = await callEndpoint(CUSTOMERS_ENDPOINTS.list, { query: { page: 1, pageSize: 100, sort: 'name' } }, { signal });
      return page.data;
    },
    staleTime: 5 * 60 * 1000,
  });
}
