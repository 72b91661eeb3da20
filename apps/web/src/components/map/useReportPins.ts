import { useQuery } from '@tanstack/react-query';
import type { OrangeReportPin } from '@grove/shared';
import { api } from '../../app/api-client';

/** Under the orange reports' cache key, so any change to a report refreshes its pin. */
export const reportPinsKey = (customerId: string) => ['orangeReports', 'pins', customerId] as const;

/**
 * `GET /api/OrangeReports/map?customerId=`: the customer's reports that have a point, as the caller
 * may see them (customer users: published reports only — the server decides).
 */
export function useReportPins(customerId: string | undefined) {
  return useQuery({
    queryKey: reportPinsKey(customerId ?? ''),
    queryFn: async ({ signal }) => (await api.get<{ data: OrangeReportPin[] }>('/api/OrangeReports/map', { customerId: customerId! }, { signal })).data,
    enabled: !!customerId,
  });
}
