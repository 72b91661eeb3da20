import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@grove/shared';
import { api } from '../../app/api-client';

/** The dashboard tiles of the caller (staff: whole scope; with customerId: one property). */
export function useDashboard(customerId?: string, enabled = true) {
  return useQuery({
    queryKey: ['dashboard', customerId ?? null],
    queryFn: ({ signal }) => api.get<Dashboard>('/api/Dashboard', customerId ? { customerId } : undefined, { signal }),
    enabled,
    staleTime: 60 * 1000,
  });
}
