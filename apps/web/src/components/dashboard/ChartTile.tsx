import { Anchor, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { BarChart, LineChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardTile } from '@grove/shared';
import { formatDate, formatNumber } from '../../app/format';

/**
 * A chart tile with its table alternative. A module of its own, loaded when an answer has a chart
 * (decision 046): the charting library (recharts, ~98 KB compressed) is not part of a dashboard
 * whose tiles are figures and lists, such as every customer-side dashboard.
 */
export default function ChartTile({ tile }: { tile: DashboardTile }) {
  const { t } = useTranslation('dashboard');
  const chart = tile.chart;
  if (!chart) return null;
  const label = (value: string) =>
    chart.labelFormat === 'week' ? formatDate(`${value}T12:00:00`, { month: 'short', day: 'numeric' }) : chart.labelFormat === 'month' ? formatDate(`${value}T12:00:00`, { month: 'short', year: '2-digit' }) : value;
  const data = chart.labels.map((category, i) => ({ category: label(category), ...Object.fromEntries(chart.series.map((s) => [s.key, s.values[i] ?? 0])) }));
  const series = chart.series.map((s) => ({ name: s.key, label: s.label, color: s.color }));
  const Chart = chart.kind === 'line' ? LineChart : BarChart;
  const titleId = `chart-${tile.id}`;
  return (
    <Paper withBorder radius="md" p="md" data-testid={`tile-${tile.id}`} aria-labelledby={titleId} component="section">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id={titleId}>
            {tile.title}
          </Title>
          {tile.link && (
            <Anchor component={Link} to={tile.link} size="sm">
              {t('viewAll')}
            </Anchor>
          )}
        </Group>
        <div aria-hidden>
          <Chart h={240} data={data} dataKey="category" series={series} withLegend legendProps={{ verticalAlign: 'bottom' }} tickLine="y" gridAxis="y" />
        </div>
        <details>
          <summary style={{ cursor: 'pointer' }}>
            <Text span size="sm">
              {t('chartTable')}
            </Text>
          </summary>
          <Table.ScrollContainer minWidth={360}>
            <Table striped verticalSpacing={4} data-testid="chart-table">
              <VisuallyHidden component="caption">{tile.title}</VisuallyHidden>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('period')}</Table.Th>
                  {chart.series.map((s) => (
                    <Table.Th key={s.key} ta="right">
                      {s.label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {chart.labels.map((category, i) => (
                  <Table.Tr key={category}>
                    <Table.Td>{label(category)}</Table.Td>
                    {chart.series.map((s) => (
                      <Table.Td key={s.key} ta="right">
                        {formatNumber(s.values[i] ?? 0)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </details>
      </Stack>
    </Paper>
  );
}
