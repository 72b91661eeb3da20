import { useQuery } from '@tanstack/react-query';
import type { ServiceRequestPin } from '@grove/shared';
import { api } from '../../app/api-client';

/** Under the service requests' cache key, so any change to a request refreshes its pin. */
export const requestPinsKey = (customerId: string) => ['serviceRequests', 'map', customerId] as const;

/** `GET /api/ServiceRequests/map?customerId=`: the customer's requests that have a point. */
export function useRequestPins(customerId: string | undefined) {
  return useQuery({
    queryKey: requestPinsKey(customerId ?? ''),
    queryFn: async ({ signal }) => (await api.get<{ data: ServiceRequestPin[] }>('/api/ServiceRequests/map', { customerId: customerId! }, { signal })).data,
    enabled: !!customerId,
  });
}
