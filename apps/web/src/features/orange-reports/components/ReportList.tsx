import { Badge, Button, Chip, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconChevronRight, IconClipboardCheck, IconPhoto, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ORANGE_REPORT_PUBLISHED_STATUSES, ORANGE_REPORT_SORTS, ORANGE_REPORT_STATUSES, ORANGE_REPORT_URGENCIES, type OrangeReportStatus } from '@grove/shared';
import { useIsMobile } from '../../../components/layout/useIsMobile';
import { CsvExportButton } from '../../../components/ui/CsvExportButton';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ListPagination } from '../../../components/ui/ListPagination';
import { ListState } from '../../../components/ui/ListState';
import { ListToolbar } from '../../../components/ui/ListToolbar';
import { useListParams } from '../../../components/ui/useListParams';
import { usePageInRange } from '../../../components/ui/usePageInRange';
import { exportReportsCsv, useReportList, type ReportListQuery, type ReportSummaryRow } from '../api/reports-api';
import { STATUS_COLORS, URGENCY_COLORS, useReportLabels } from './labels';
import type { Audience } from './ReportDetail';
import { ReportPhoto } from './ReportPhoto';
import classes from './ReportDetail.module.css';

interface ReportListProps {
  customerId: string;
  audience: Audience;
  pathOf: (row: ReportSummaryRow) => string;
  newPath?: string;
  pendingPath?: string;
}

const FILTERS = ['status', 'urgency'] as const;

/** A customer's reports: status filters, search, paging (URL-kept), CSV for staff; table on desktop, cards on phones. */
export function ReportList({ customerId, audience, pathOf, newPath, pendingPath }: ReportListProps) {
  const { t } = useTranslation('orangeReports');
  const labels = useReportLabels();
  const mobile = useIsMobile();
  const params = useListParams({ filters: FILTERS, defaultSort: '-createdAt' });
  const statuses: readonly OrangeReportStatus[] = audience === 'staff' ? ORANGE_REPORT_STATUSES : ORANGE_REPORT_PUBLISHED_STATUSES;
  const chosen = (params.filters.status ?? '').split(',').filter((s): s is OrangeReportStatus => (statuses as readonly string[]).includes(s));
  const query: ReportListQuery = {
    customerId,
    page: params.page,
    pageSize: params.pageSize,
    sort: ORANGE_REPORT_SORTS.find((sort) => sort === params.sort),
    search: params.search || undefined,
    status: chosen.length ? chosen.join(',') : undefined,
    urgency: ORANGE_REPORT_URGENCIES.find((urgency) => urgency === params.filters.urgency),
  };
  const list = useReportList(query);
  usePageInRange(params, list);
  const rows = list.data?.data ?? [];

  return (
    <Stack gap={0} data-testid="orange-report-list">
      <ListToolbar
        search={params.search}
        onSearch={params.setSearch}
        searchLabel={t('list.search')}
        actions={
          audience === 'staff' ? (
            <>
              {pendingPath && (
                <Button variant="default" component={Link} to={pendingPath} leftSection={<IconClipboardCheck size={16} aria-hidden />}>
                  {t('list.pending')}
                </Button>
              )}
              <CsvExportButton onExport={() => exportReportsCsv(query)} disabled={!rows.length} />
              {newPath && (
                <Button component={Link} to={newPath} leftSection={<IconPlus size={16} aria-hidden />} data-testid="orange-new-report">
                  {t('list.new')}
                </Button>
              )}
            </>
          ) : undefined
        }
      >
        <Chip.Group multiple value={chosen} onChange={(value) => params.setFilter('status', value.join(',') || null)}>
          <Group gap={6} wrap="wrap" role="group" aria-label={t('list.statusFilter')}>
            {statuses.map((status) => (
              <Chip key={status} value={status} size="sm" variant="outline">
                {labels.status(status)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </ListToolbar>

      <ListState
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={rows.length === 0}
        emptyState={
          <EmptyState
            icon={<IconAlertTriangle size={28} aria-hidden />}
            title={params.hasFilters ? t('list.noMatchTitle') : t('list.emptyTitle')}
            description={params.hasFilters ? t('list.noMatchText') : audience === 'staff' ? t('list.emptyText') : t('list.emptyTextCustomer')}
            action={
              params.hasFilters ? (
                <Button variant="default" onClick={params.clearFilters}>
                  {t('list.clearFilters')}
                </Button>
              ) : undefined
            }
          />
        }
        skeletonColumns={6}
      >
        {mobile ? (
          <Stack gap="sm" data-testid="orange-report-cards">
            {rows.map((row) => (
              <Paper key={row.id} withBorder radius="md" p="sm" component={Link} to={pathOf(row)} style={{ color: 'inherit', textDecoration: 'none' }} data-testid="orange-report-card">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Stack gap={6} miw={0} style={{ flex: 1 }}>
                    <Group gap={6} wrap="wrap">
                      <Text size="xs" ff="monospace" fw={600}>
                        {row.number}
                      </Text>
                      <Badge size="sm" color={STATUS_COLORS[row.status]} variant="light">
                        {labels.status(row.status)}
                      </Badge>
                      {row.urgency && (
                        <Badge size="sm" color={URGENCY_COLORS[row.urgency]} variant="outline">
                          {labels.urgency(row.urgency)}
                        </Badge>
                      )}
                    </Group>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {row.title || t('wizard.untitled')}
                    </Text>
                    {row.photos.length > 0 && (
                      <ul className={classes.strip} aria-hidden>
                        {row.photos.slice(0, 4).map((photo) => (
                          <li key={photo.id}>
                            <ReportPhoto fileId={photo.fileId} alt="" />
                          </li>
                        ))}
                      </ul>
                    )}
                    <Text size="xs" c="dimmed">
                      {labels.category(row.category)} · {labels.date(row.foundOn)} · {labels.money(row.totalCents)}
                    </Text>
                  </Stack>
                  <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0, marginTop: 4 }} />
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover verticalSpacing="sm" data-testid="orange-report-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.number')}</Table.Th>
                  <Table.Th>{t('fields.title')}</Table.Th>
                  <Table.Th>{t('list.status')}</Table.Th>
                  <Table.Th>{t('fields.urgency')}</Table.Th>
                  <Table.Th>{t('fields.foundOn')}</Table.Th>
                  {audience === 'staff' && <Table.Th>{t('detail.author')}</Table.Th>}
                  <Table.Th ta="right">{t('fields.photos')}</Table.Th>
                  <Table.Th ta="right">{t('wizard.estimatedTotal')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td ff="monospace" fz="sm">
                      {row.number}
                    </Table.Td>
                    <Table.Td>
                      <Text component={Link} to={pathOf(row)} fw={600} size="sm" c="var(--mantine-color-anchor)" style={{ overflowWrap: 'anywhere' }}>
                        {row.title || t('wizard.untitled')}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {labels.category(row.category)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge size="sm" color={STATUS_COLORS[row.status]} variant="light">
                        {labels.status(row.status)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {row.urgency ? (
                        <Badge size="sm" color={URGENCY_COLORS[row.urgency]} variant="outline">
                          {labels.urgency(row.urgency)}
                        </Badge>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td fz="sm">{labels.date(row.foundOn)}</Table.Td>
                    {audience === 'staff' && <Table.Td fz="sm">{row.author?.name ?? '—'}</Table.Td>}
                    <Table.Td ta="right" fz="sm">
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <IconPhoto size={14} aria-hidden />
                        {row.photoCount}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right" fz="sm">
                      {labels.money(row.totalCents)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ListPagination page={params.page} pageSize={params.pageSize} total={list.data?.total ?? 0} totalExact={list.data?.totalExact} onPage={params.setPage} onPageSize={params.setPageSize} />
      </ListState>
    </Stack>
  );
}
