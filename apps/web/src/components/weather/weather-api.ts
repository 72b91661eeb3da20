import { useQuery } from '@tanstack/react-query';
import type { Weather } from '@grove/shared';
import { api } from '../../app/api-client';

/** Weather at a property; the server caches 30 minutes, so the browser keeps it 10. */
export function useWeather(customerId: string | undefined) {
  return useQuery({
    queryKey: ['weather', customerId],
    queryFn: ({ signal }) => api.get<Weather>('/api/Weather', { customerId: customerId! }, { signal }),
    enabled: Boolean(customerId),
    staleTime: 10 * 60 * 1000,
    retry: false,
  });
}
