import { useQuery } from '@tanstack/react-query';
import { WEATHER_ENDPOINTS } from '@grove/shared';
import { callEndpoint } from '../../app/endpoint-client';

/** Weather at a property; the server caches 30 minutes, so the browser keeps it 10. */
export function useWeather(customerId: string | undefined) {
  return useQuery({
    queryKey: ['weather', customerId],
    queryFn: ({ signal }) => callEndpoint(WEATHER_ENDPOINTS.get, { query: { customerId: customerId! } }, { signal }),
    enabled: Boolean(customerId),
    staleTime: 10 * 60 * 1000,
    retry: false,
  });
}
