import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PerformanceReport, ReportGrouping } from '@grove/shared';
import { api, apiDownload } from '../../../app/api-client';
import { downloadBlob } from '../../../components/ui/CsvExportButton';

export interface ReportParams {
  from: string;
  to: string;
  groupBy: ReportGrouping;
}

export function usePerformanceReport(params: ReportParams, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'performance', params],
    queryFn: ({ signal }) => api.get<PerformanceReport>('/api/reports/performance', { ...params }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export async function downloadReport(params: ReportParams, format: 'csv' | 'xlsx' | 'pdf'): Promise<void> {
  const { blob, fileName } = await apiDownload('/api/reports/performance', { ...params, format }, `performance.${format}`);
  downloadBlob(blob, fileName);
}
