import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_ENDPOINTS } from '@grove/shared';
import { callEndpoint } from '../../app/endpoint-client';

/** The dashboard tiles of the caller (staff: whole scope; with customerId: one property). */
export function useDashboard(customerId?: string, enabled = true) {
  return useQuery({
    queryKey: ['dashboard', customerId ?? null],
    queryFn: ({ signal }) => callEndpoint(DASHBOARD_ENDPOINTS.get, { query: customerId ? { customerId } : {} }, { signal }),
    enabled,
    staleTime: 60 * 1000,
  });
}
