import { useQuery } from '@tanstack/react-query';
import { SERVICE_REQUESTS_ENDPOINTS } from '@grove/shared';
import { callEndpoint } from '../../app/endpoint-client';

/** Under the service requests' cache key, so any change to a request refreshes its pin. */
export const requestPinsKey = (customerId: string) => ['serviceRequests', 'map', customerId] as const;

/** `GET /api/ServiceRequests/map?customerId=`: the customer's requests that have a point. */
export function useRequestPins(customerId: string | undefined) {
  return useQuery({
    queryKey: requestPinsKey(customerId ?? ''),
    queryFn: async ({ signal }) => (await callEndpoint(SERVICE_REQUESTS_ENDPOINTS.map, { query: { customerId: customerId! } }, { signal })).data,
    enabled: !!customerId,
  });
}
