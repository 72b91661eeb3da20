import { useQuery } from '@tanstack/react-query';
import { ORANGE_REPORT_ENDPOINTS } from '@grove/shared';
import { callEndpoint } from '../../app/endpoint-client';

/** Under the orange reports' cache key, so any change to a report refreshes its pin. */
export const reportPinsKey = (customerId: string) => ['orangeReports', 'pins', customerId] as const;

/**
 * `GET /api/OrangeReports/map?customerId=`: the customer's reports that have a point, as the caller
 * may see them (customer users: published reports only — the server decides).
 */
export function useReportPins(customerId: string | undefined) {
  return useQuery({
    queryKey: reportPinsKey(customerId ?? ''),
    queryFn: async ({ signal }) => (await callEndpoint(ORANGE_REPORT_ENDPOINTS.map, { query: { customerId: customerId! } }, { signal })).data,
    enabled: !!customerId,
  });
}
