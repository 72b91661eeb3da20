import { Box, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconChevronRight, IconPlus, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../app/format';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ListPagination } from '../../../components/ui/ListPagination';
import { ListState } from '../../../components/ui/ListState';
import { useListParams } from '../../../components/ui/useListParams';
import { usePageInRange } from '../../../components/ui/usePageInRange';
import { useRequestList } from '../api/requests-api';
import { useRequestLabels } from './labels';
import type { RequestListQuery } from './list-params';
import { StatusBadge } from './RequestBadges';
import classes from './RequestList.module.css';

const SHOW = ['show'] as const;

/** The customer view: this property's requests, newest first, with their status; open ones by default. */
export function CustomerRequestList({ customerId }: { customerId: string }) {
  const { t } = useTranslation('requests');
  const labels = useRequestLabels();
  const format = useFormat();
  const list = useListParams({ defaultPageSize: 20, filters: SHOW });
  const all = list.filters.show === 'all';
  const query: RequestListQuery = {
    page: list.page,
    pageSize: list.pageSize,
    sort: '-createdAt',
    customerId,
    ...(all ? {} : { open: 'true' as const }),
  };
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useRequestList(query);
  usePageInRange(list, { data, isPlaceholderData });
  const rows = data?.data ?? [];
  const base = `/customerView/${customerId}/requests`;

  return (
    <Stack gap="md">
      <Button component={Link} to={`${base}/new`} size="lg" leftSection={<IconPlus size={20} aria-hidden />} fullWidth={false} style={{ alignSelf: 'stretch' }} data-testid="new-request">
        {t('customerList.new')}
      </Button>
      <SegmentedControl
        value={all ? 'all' : 'open'}
        onChange={(value) => list.setFilter('show', value === 'all' ? 'all' : null)}
        data={[
          { value: 'open', label: t('customerList.open') },
          { value: 'all', label: t('customerList.all') },
        ]}
        aria-label={t('views.label')}
        fullWidth
        size="md"
      />
      <ListState
        loading={isPending}
        error={error}
        onRetry={() => void refetch()}
        empty={rows.length === 0}
        emptyState={
          <EmptyState
            icon={<IconTool size={28} aria-hidden />}
            title={all ? t('customerList.emptyTitle') : t('customerList.emptyOpenTitle')}
            description={t('customerList.emptyText')}
          />
        }
        skeletonColumns={2}
      >
        <Stack gap="sm" style={{ opacity: isFetching ? 0.6 : 1 }} data-testid="customer-request-list">
          {rows.map((row) => (
            <Paper key={row.id} withBorder radius="md" p="md" className={classes.card} data-testid="request-card">
              <Group wrap="nowrap" align="center" gap="sm">
                <Stack gap={6} miw={0} style={{ flex: 1 }}>
                  <Group gap={8} wrap="wrap">
                    <StatusBadge status={row.status} size="md" />
                    <Text size="xs" c="dimmed" ff="monospace">
                      {row.number}
                    </Text>
                  </Group>
                  <Link to={`${base}/${row.id}/update`} className={classes.stretched}>
                    <Text fw={600} size="md" style={{ overflowWrap: 'anywhere' }}>
                      {row.title}
                    </Text>
                  </Link>
                  <Text size="sm" c="dimmed">
                    {labels.type(row.type)} · {t('customerList.filed', { date: format.date(row.createdAt) })}
                    {row.scheduledDate && ['scheduled', 'acknowledged', 'new'].includes(row.status)
                      ? ` · ${t('customerList.scheduledFor', { date: [format.date(row.scheduledDate), format.timeWindow(row.scheduledFrom, row.scheduledTo)].filter(Boolean).join(', ') })}`
                      : ''}
                  </Text>
                </Stack>
                <IconChevronRight size={20} aria-hidden style={{ flexShrink: 0 }} />
              </Group>
            </Paper>
          ))}
        </Stack>
      </ListState>
      {data && data.total > 0 && (
        <Box>
          <ListPagination page={list.page} pageSize={list.pageSize} total={data.total} totalExact={data.totalExact} onPage={list.setPage} />
        </Box>
      )}
    </Stack>
  );
}
