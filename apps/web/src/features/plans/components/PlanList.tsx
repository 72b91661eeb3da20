import { Anchor, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconPlus, IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PLAN_STATUSES } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { useRecordTitle } from '../../../components/layout/record-titles';
import { ContentCard } from '../../../components/ui/ContentCard';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ListPagination } from '../../../components/ui/ListPagination';
import { ListState } from '../../../components/ui/ListState';
import { ListToolbar } from '../../../components/ui/ListToolbar';
import { useListParams } from '../../../components/ui/useListParams';
import { usePageInRange } from '../../../components/ui/usePageInRange';
import { usePlanList } from '../api/plans-api';
import { PlanStateBadge, ProgressLine } from './PlanBadges';

interface PlanListProps {
  customerId: string;
  /** Staff: `/customers/{id}/plans…` with drafts and "New plan"; customer: `/customerView/{id}/plans…`. */
  audience: 'staff' | 'customer';
}

const FILTERS = ['status'] as const;

/** A customer's plans, newest quarter first, with status filter, search and paging. */
export function PlanList({ customerId, audience }: PlanListProps) {
  const { t } = useTranslation('plans');
  const format = useFormat();
  const params = useListParams({ filters: FILTERS });
  const list = usePlanList({ ...params.query, customerId });
  usePageInRange(params, list);
  const base = audience === 'staff' ? `/customers/${customerId}/plans` : `/customerView/${customerId}/plans`;
  const rows = list.data?.data ?? [];
  useRecordTitle(rows[0]?.customerName, audience === 'staff' ? `/customers/${customerId}` : `/customerView/${customerId}`);
  const statuses = audience === 'staff' ? PLAN_STATUSES : PLAN_STATUSES.filter((status) => status !== 'draft');

  const actions =
    audience === 'staff' ? (
      <Group gap="xs">
        <Button component={Link} to={`/customers/${customerId}/planTemplates`} variant="default" leftSection={<IconTemplate size={16} aria-hidden />}>
          {t('plans.templates')}
        </Button>
        <Button component={Link} to={`${base}/new`} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('plans.new')}
        </Button>
      </Group>
    ) : undefined;

  return (
    <ContentCard>
      <ListToolbar search={params.search} onSearch={params.setSearch} searchLabel={t('plans.search')} actions={actions}>
        <Select
          aria-label={t('plans.status')}
          placeholder={t('plans.allStatuses')}
          data={statuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          value={params.filters.status ?? null}
          onChange={(value) => params.setFilter('status', value)}
          clearable
          w={{ base: '100%', xs: 180 }}
        />
      </ListToolbar>
      <ListState
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={rows.length === 0}
        emptyState={
          <EmptyState
            icon={<IconCalendarEvent size={28} aria-hidden />}
            title={params.hasFilters ? t('plans.noMatch') : t('plans.empty')}
            description={params.hasFilters ? undefined : audience === 'staff' ? t('plans.emptyText') : t('plans.emptyCustomerText')}
            action={
              params.hasFilters ? (
                <Button variant="light" onClick={params.clearFilters}>
                  {t('actions.clearFilters')}
                </Button>
              ) : (
                actions
              )
            }
          />
        }
      >
        <Stack gap="sm" data-testid="plan-list">
          {rows.map((row) => (
            <Paper key={row.id} withBorder radius="md" p="md" data-testid="plan-row">
              <Stack gap={8}>
                <Anchor component={Link} to={`${base}/${row.id}/view`} fw={600}>
                  {row.name}
                </Anchor>
                <Group gap="xs">
                  <PlanStateBadge plan={row} />
                  <Text size="sm" c="dimmed">
                    {t('plans.quarter', { from: format.date(row.startDate), to: format.date(row.endDate) })}
                    {row.version > 0 ? ` · ${t('plans.version', { n: row.version })}` : ''}
                  </Text>
                </Group>
                {row.status !== 'draft' && <ProgressLine progress={row.progress} />}
                {row.status === 'draft' && (
                  <Text size="xs" c="dimmed">
                    {t('plans.draftHint', { count: row.progress.total })}
                  </Text>
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
        <ListPagination page={params.page} pageSize={params.pageSize} total={list.data?.total ?? 0} totalExact={list.data?.totalExact} onPage={params.setPage} onPageSize={params.setPageSize} />
      </ListState>
    </ContentCard>
  );
}
