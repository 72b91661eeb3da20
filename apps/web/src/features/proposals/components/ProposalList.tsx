import { Badge, Button, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { IconFileDollar, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PROPOSAL_STATUSES, type ProposalSummary } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ListPagination } from '../../../components/ui/ListPagination';
import { ListState } from '../../../components/ui/ListState';
import { ListToolbar } from '../../../components/ui/ListToolbar';
import { useListParams } from '../../../components/ui/useListParams';
import { usePageInRange } from '../../../components/ui/usePageInRange';
import { useProposalList } from '../api/proposals-api';
import { ApprovalRuleCard } from './ApprovalRuleCard';
import { ProposalDrawer } from './ProposalDrawer';
import { STATUS_COLORS, money } from './money';

const FILTERS = ['status'] as const;

export interface ProposalListProps {
  audience: 'staff' | 'customer';
  customerId: string;
}

/** Proposals of one customer: status filter, open value (staff), what awaits the reader first (customers). */
export function ProposalList({ audience, customerId }: ProposalListProps) {
  const { t } = useTranslation('proposals');
  const format = useFormat();
  const list = useListParams({ defaultPageSize: 25, filters: FILTERS });
  const [params, setParams] = useSearchParams();
  const openId = params.get('open');
  const { data, error, isPending, isPlaceholderData, refetch } = useProposalList({
    customerId,
    page: list.page,
    pageSize: list.pageSize,
    search: list.search || undefined,
    status: list.filters.status || undefined,
  });
  usePageInRange(list, { data, isPlaceholderData });
  const rows = data?.data ?? [];
  const filtered = Boolean(list.filters.status) || list.search !== '';
  const open = (row: ProposalSummary) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('open', row.id);
      return next;
    });
  const close = () =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.delete('open');
      next.delete('version');
      return next;
    });
  const statusOptions = [
    { value: 'open', label: t('filters.open') },
    ...PROPOSAL_STATUSES.filter((status) => audience === 'staff' || status !== 'draft').map((status) => ({ value: status, label: t(`status.${status}`) })),
  ];

  return (
    <Stack gap="md">
      {audience === 'staff' && data ? (
        <Group gap="md" wrap="wrap">
          <Paper withBorder p="md" radius="md" data-testid="open-value">
            <Text size="sm" c="dimmed">
              {t('list.openValue')}
            </Text>
            <Text fw={700} size="xl">
              {money(data.openValueCents, format.language)}
            </Text>
            <Text size="sm" c="dimmed">
              {t('list.openCount', { count: data.openCount })}
            </Text>
          </Paper>
          <ApprovalRuleCard customerId={customerId} editable />
        </Group>
      ) : null}
      <ListToolbar
        search={list.search}
        onSearch={list.setSearch}
        searchLabel={t('list.search')}
        actions={
          audience === 'staff' ? (
            <Button component={Link} to={`/customers/${customerId}/proposals/new`} leftSection={<IconPlus size={18} aria-hidden />} data-testid="new-proposal">
              {t('list.new')}
            </Button>
          ) : undefined
        }
      >
        <Select
          label={t('list.status')}
          placeholder={t('filters.all')}
          data={statusOptions}
          value={list.filters.status ?? null}
          onChange={(value) => list.setFilter('status', value)}
          clearable
          w={220}
          data-testid="status-filter"
        />
      </ListToolbar>
      <ListState
        loading={isPending}
        error={error}
        onRetry={() => void refetch()}
        empty={rows.length === 0}
        emptyState={
          <EmptyState
            icon={<IconFileDollar size={28} aria-hidden />}
            title={filtered ? t('list.noMatchTitle') : t('list.emptyTitle')}
            description={filtered ? t('list.noMatchText') : audience === 'staff' ? t('list.emptyStaffText') : t('list.emptyCustomerText')}
          />
        }
      >
        <Table.ScrollContainer minWidth={640}>
          <Table highlightOnHover verticalSpacing="sm" data-testid="proposal-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.number')}</Table.Th>
                <Table.Th>{t('fields.title')}</Table.Th>
                <Table.Th>{t('fields.status')}</Table.Th>
                <Table.Th ta="right">{t('fields.total')}</Table.Th>
                <Table.Th>{t('fields.validUntil')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} onClick={() => open(row)} style={{ cursor: 'pointer' }} data-testid={`proposal-row-${row.number}`}>
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" onClick={() => open(row)}>
                      {row.number}
                    </Button>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {row.title}
                    </Text>
                    {row.awaitingYou ? (
                      <Badge size="xs" color="orange" variant="light">
                        {t('list.awaitingYou')}
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[row.status]} variant="light">
                      {t(`status.${row.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{money(row.totalCents, format.language)}</Table.Td>
                  <Table.Td>{format.date(row.validUntil)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPagination page={list.page} pageSize={list.pageSize} total={data?.total ?? 0} totalExact={data?.totalExact} onPage={list.setPage} onPageSize={list.setPageSize} />
      </ListState>
      <ProposalDrawer id={openId} audience={audience} customerId={customerId} onClose={close} />
    </Stack>
  );
}
