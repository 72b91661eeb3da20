import { useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { LineChart } from '@mantine/charts';
import { IconDownload, IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { REPORT_GROUPINGS, REPORT_MAX_DAYS, type PerformanceReport, type ReportGrouping, type ReportMetricInfo } from '@grove/shared';
import { formatDate, formatMoney, formatNumber, formatPercent } from '../../../app/format';
import { ApiError } from '../../../app/api-client';
import { EmptyState } from '../../../components/ui/EmptyState';
import { SortableTh } from '../../../components/ui/SortableTh';
import { toastError } from '../../../components/ui/toasts';
import { downloadReport, usePerformanceReport, type ReportParams } from '../api/reports-api';
import { DateField } from '../../../components/forms/DateField';

const iso = (date: Date) => date.toISOString().slice(0, 10);

function presetRange(preset: string, now = new Date()): { from: string; to: string } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  switch (preset) {
    case 'lastMonth':
      return { from: iso(new Date(Date.UTC(y, m - 1, 1))), to: iso(new Date(Date.UTC(y, m, 0))) };
    case 'quarter': {
      const q = Math.floor(m / 3) * 3;
      return { from: iso(new Date(Date.UTC(y, q, 1))), to: iso(now) };
    }
    case 'year':
      return { from: iso(new Date(Date.UTC(y, 0, 1))), to: iso(now) };
    case 'last12':
      return { from: iso(new Date(Date.UTC(y, m - 11, 1))), to: iso(now) };
    default:
      return { from: iso(new Date(Date.UTC(y, m, 1))), to: iso(now) };
  }
}

export function formatMetric(metric: Pick<ReportMetricInfo, 'format'>, value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  if (metric.format === 'percent') return formatPercent(value);
  if (metric.format === 'hours') return formatNumber(value, { maximumFractionDigits: 1 });
  // Money comes as integer cents.
  if (metric.format === 'money') return formatMoney(value / 100);
  return formatNumber(value, { maximumFractionDigits: 2 });
}

function rangeProblem(from: string, to: string): 'order' | 'long' | null {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b)) return 'order';
  if (a > b) return 'order';
  if ((b - a) / 86_400_000 > REPORT_MAX_DAYS) return 'long';
  return null;
}

/**
 * /performanceReport: figures of every domain module per region, branch, account manager, crew
 * leader or customer over a date range, in the caller's scope; monthly trends; CSV and XLSX.
 */
export default function PerformanceReportPage() {
  const { t } = useTranslation('reports');
  const [params, setParams] = useSearchParams();
  const initial = presetRange('quarter');
  const from = params.get('from') ?? initial.from;
  const to = params.get('to') ?? initial.to;
  const groupBy = (REPORT_GROUPINGS as readonly string[]).includes(params.get('groupBy') ?? '') ? (params.get('groupBy') as ReportGrouping) : 'branch';
  const set = (values: Record<string, string>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(values)) next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const problem = rangeProblem(from, to);
  const query: ReportParams = { from, to, groupBy };
  const report = usePerformanceReport(query, problem === null);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | 'pdf' | null>(null);
  const exportAs = async (format: 'csv' | 'xlsx' | 'pdf') => {
    setExporting(format);
    try {
      await downloadReport(query, format);
    } catch {
      toastError(t('exportFailed'));
    } finally {
      setExporting(null);
    }
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <DateField label={t('from')} value={from} max={to} onChange={(day) => set({ from: day })} w={170} data-testid="report-from" />
            <DateField
              label={t('to')}
              value={to}
              min={from}
              onChange={(day) => set({ to: day })}
              w={170}
              error={problem === 'order' ? t('rangeOrder') : problem === 'long' ? t('rangeLong') : undefined}
              data-testid="report-to"
            />
            <Select
              label={t('groupBy')}
              data={REPORT_GROUPINGS.map((value) => ({ value, label: t(`grouping.${value}`) }))}
              value={groupBy}
              onChange={(value) => value && set({ groupBy: value })}
              allowDeselect={false}
              w={200}
              data-testid="report-group"
            />
            <Group gap="xs" ml="auto">
              <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={exporting === 'csv'} disabled={problem !== null} onClick={() => void exportAs('csv')}>
                {t('exportCsv')}
              </Button>
              <Button variant="default" leftSection={<IconFileSpreadsheet size={16} aria-hidden />} loading={exporting === 'xlsx'} disabled={problem !== null} onClick={() => void exportAs('xlsx')} data-testid="export-xlsx">
                {t('exportXlsx')}
              </Button>
              <Button variant="default" leftSection={<IconFileTypePdf size={16} aria-hidden />} loading={exporting === 'pdf'} disabled={problem !== null} onClick={() => void exportAs('pdf')} data-testid="export-pdf">
                {t('exportPdf')}
              </Button>
            </Group>
          </Group>
          <SegmentedControl
            size="xs"
            value=""
            onChange={(preset) => set(presetRange(preset))}
            data={['month', 'lastMonth', 'quarter', 'year', 'last12'].map((value) => ({ value, label: t(`preset.${value}`) }))}
            style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
            aria-label={t('presets')}
          />
        </Stack>
      </Paper>
      {problem ? null : report.isPending ? (
        <Skeleton height={320} radius="md" />
      ) : report.error ? (
        <Alert color="red">{report.error instanceof ApiError ? report.error.message : t('loadFailed')}</Alert>
      ) : (
        <ReportBody report={report.data} />
      )}
    </Stack>
  );
}

function ReportBody({ report }: { report: PerformanceReport }) {
  const { t } = useTranslation('reports');
  const counts = report.metrics.filter((m) => m.trend && m.format === 'count');
  const ratios = report.metrics.filter((m) => m.trend && m.format === 'percent');
  const month = (period: string) => formatDate(`${period}-15T12:00:00`, { month: 'short', year: '2-digit' });
  // Chart keys without the dots of metric ids (`kudos.received`): the chart library reads dots as
  // paths, and its legend then mixed up `service-requests.received` and `kudos.received`.
  const seriesKey = (index: number) => `series${index}`;
  const trendData = (metrics: ReportMetricInfo[], scale = 1) =>
    report.trend.map((point) => ({
      period: month(point.period),
      // A month without events counts 0; a ratio without events has no value (a gap, not 0 %).
      ...Object.fromEntries(metrics.map((m, i) => [seriesKey(i), m.format === 'count' ? (point.values[m.id] ?? 0) : point.values[m.id] == null ? null : point.values[m.id]! * scale])),
    }));
  const COLORS = ['orange.6', 'teal.6', 'blue.6', 'grape.6', 'yellow.7', 'cyan.7'];
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="report-totals">
        {report.metrics.map((metric) => (
          <Paper key={metric.id} withBorder radius="md" p="sm">
            <Text size="xs" c="dimmed" lh={1.3}>
              {metric.title}
            </Text>
            <Text fz={22} fw={700}>
              {formatMetric(metric, report.total.values[metric.id])}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {report.trend.length > 1 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {counts.length > 0 && (
            <Paper withBorder radius="md" p="md" aria-label={t('trendCounts')}>
              <Title order={2} size="h5" mb="sm">
                {t('trendCounts')}
              </Title>
              <LineChart h={220} data={trendData(counts)} dataKey="period" series={counts.map((m, i) => ({ name: seriesKey(i), label: m.title, color: COLORS[i % COLORS.length]! }))} withLegend curveType="monotone" />
            </Paper>
          )}
          {ratios.length > 0 && (
            <Paper withBorder radius="md" p="md" aria-label={t('trendRatios')}>
              <Title order={2} size="h5" mb="sm">
                {t('trendRatios')}
              </Title>
              <LineChart h={220} data={trendData(ratios, 100)} dataKey="period" unit="%" yAxisProps={{ domain: [0, 100] }} series={ratios.map((m, i) => ({ name: seriesKey(i), label: m.title, color: COLORS[(i + 2) % COLORS.length]! }))} withLegend connectNulls />
            </Paper>
          )}
        </SimpleGrid>
      )}
      <ReportTable report={report} />
    </Stack>
  );
}

function ReportTable({ report }: { report: PerformanceReport }) {
  const { t } = useTranslation('reports');
  const [sort, setSort] = useState<string>('label');
  const rows = useMemo(() => {
    const descending = sort.startsWith('-');
    const field = descending ? sort.slice(1) : sort;
    const value = (row: PerformanceReport['rows'][number]) => (field === 'label' ? row.label : row.values[field]);
    return [...report.rows].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      // Empty cells last in both directions.
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      const order = typeof x === 'string' ? x.localeCompare(String(y)) : x - Number(y);
      return descending ? -order : order;
    });
  }, [report.rows, sort]);
  if (report.rows.length === 0) {
    return (
      <Paper withBorder radius="md">
        <EmptyState title={t('emptyTitle')} description={t('emptyText')} />
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p={0}>
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover stickyHeader data-testid="report-table">
          <VisuallyHidden component="caption">{t('tableCaption')}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              <SortableTh field="label" sort={sort} onSort={setSort}>
                {t(`grouping.${report.groupBy}`)}
              </SortableTh>
              {report.metrics.map((metric) => (
                <SortableTh key={metric.id} field={metric.id} sort={sort} onSort={setSort}>
                  {metric.title}
                </SortableTh>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key ?? 'none'}>
                <Table.Td fw={500}>{row.label}</Table.Td>
                {report.metrics.map((metric) => (
                  <Table.Td key={metric.id} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatMetric(metric, row.values[metric.id])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr style={{ fontWeight: 700 }}>
              <Table.Th>{report.total.label}</Table.Th>
              {report.metrics.map((metric) => (
                <Table.Td key={metric.id} ta="right" fw={700}>
                  {formatMetric(metric, report.total.values[metric.id])}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
