import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REPORTS_ENDPOINTS, type EndpointInput } from '@grove/shared';
import { callEndpoint, downloadEndpoint } from '../../../app/endpoint-client';
import { downloadBlob } from '../../../components/ui/CsvExportButton';

/** The report's parameters as the screen picks them (the format is the download's). */
export type ReportParams = Required<Pick<EndpointInput<typeof REPORTS_ENDPOINTS.performance>['query'], 'from' | 'to' | 'groupBy'>>;

export function usePerformanceReport(params: ReportParams, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'performance', params],
    queryFn: ({ signal }) => callEndpoint(REPORTS_ENDPOINTS.performance, { query: params }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export async function downloadReport(params: ReportParams, format: 'csv' | 'xlsx' | 'pdf'): Promise<void> {
  const { blob, fileName } = await downloadEndpoint(REPORTS_ENDPOINTS.performance, { query: { ...params, format } }, `performance.${format}`);
  downloadBlob(blob, fileName);
}
