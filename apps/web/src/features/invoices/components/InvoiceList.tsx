import { Badge, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconFileInvoice, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { INVOICE_STATUSES, INVOICE_VIEWER_ROLES, type InvoiceSummary } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { useSession } from '../../../app/session';
import { CsvExportButton } from '../../../components/ui/CsvExportButton';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ListPagination } from '../../../components/ui/ListPagination';
import { ListState } from '../../../components/ui/ListState';
import { ListToolbar } from '../../../components/ui/ListToolbar';
import { useListParams } from '../../../components/ui/useListParams';
import { usePageInRange } from '../../../components/ui/usePageInRange';
import { downloadInvoicesCsv, useInvoiceList } from '../api/invoices-api';
import { AgingCard } from './AgingCard';
import { InvoiceDrawer } from './InvoiceDrawer';
import { STATUS_COLORS, money } from './money';

const FILTERS = ['status', 'overdue'] as const;

export interface InvoiceListProps {
  audience: 'staff' | 'customer';
  customerId: string;
}

/** Invoices of one customer: open and overdue balance, aging, status and overdue filters, CSV, and one invoice in a drawer. */
export function InvoiceList({ audience, customerId }: InvoiceListProps) {
  const { t } = useTranslation('invoices');
  const { roles } = useSession();
  if (audience === 'customer' && !roles.some((role) => (INVOICE_VIEWER_ROLES as readonly string[]).includes(role))) {
    return (
      <EmptyState
        icon={<IconFileInvoice size={28} aria-hidden />}
        title={t('list.notSharedTitle')}
        description={t('list.notSharedText')}
      />
    );
  }
  return <InvoiceTable audience={audience} customerId={customerId} />;
}

function InvoiceTable({ audience, customerId }: InvoiceListProps) {
  const { t } = useTranslation('invoices');
  const format = useFormat();
  const list = useListParams({ defaultPageSize: 25, filters: FILTERS });
  const [params, setParams] = useSearchParams();
  const openId = params.get('open');
  const filter = {
    customerId,
    search: list.search || undefined,
    status: list.filters.status || undefined,
    overdue: list.filters.overdue === 'true' ? ('true' as const) : undefined,
  };
  const { data, error, isPending, isPlaceholderData, refetch } = useInvoiceList({ ...filter, page: list.page, pageSize: list.pageSize });
  usePageInRange(list, { data, isPlaceholderData });
  const rows = data?.data ?? [];
  const filtered = Boolean(filter.status || filter.overdue) || list.search !== '';
  const m = (cents: number) => money(cents, format.language);
  const open = (row: InvoiceSummary) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('open', row.id);
      return next;
    });
  const close = () =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.delete('open');
      return next;
    });
  const statusOptions = [
    { value: 'open', label: t('filters.open') },
    ...INVOICE_STATUSES.filter((status) => audience === 'staff' || status !== 'draft').map((status) => ({ value: status, label: t(`status.${status}`) })),
  ];

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <Paper withBorder p="md" radius="md" data-testid="open-balance">
          <Text size="sm" c="dimmed">
            {t('list.openBalance')}
          </Text>
          <Text fw={700} size="xl">
            {data ? m(data.openBalanceCents) : '—'}
          </Text>
          <Text size="sm" c="dimmed">
            {data ? t('list.openCount', { count: data.openCount }) : ''}
          </Text>
        </Paper>
        <Paper withBorder p="md" radius="md" data-testid="overdue-balance">
          <Text size="sm" c="dimmed">
            {t('list.overdueBalance')}
          </Text>
          <Text fw={700} size="xl" c={data && data.overdueCount > 0 ? 'red.8' : undefined}>
            {data ? m(data.overdueBalanceCents) : '—'}
          </Text>
          <Text size="sm" c="dimmed">
            {data ? t('list.overdueCount', { count: data.overdueCount }) : ''}
          </Text>
        </Paper>
        <AgingCard customerId={customerId} />
      </SimpleGrid>
      <ListToolbar
        search={list.search}
        onSearch={list.setSearch}
        searchLabel={t('list.search')}
        actions={
          <Group gap="xs">
            <CsvExportButton onExport={() => downloadInvoicesCsv(filter)} disabled={rows.length === 0} />
            {audience === 'staff' ? (
              <Button component={Link} to={`/customers/${customerId}/invoices/new`} leftSection={<IconPlus size={18} aria-hidden />} data-testid="new-invoice">
                {t('list.new')}
              </Button>
            ) : null}
          </Group>
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
        <Checkbox
          label={t('filters.overdueOnly')}
          checked={list.filters.overdue === 'true'}
          onChange={(event) => list.setFilter('overdue', event.currentTarget.checked ? 'true' : null)}
          mt={{ base: 0, sm: 24 }}
          data-testid="overdue-filter"
        />
      </ListToolbar>
      <ListState
        loading={isPending}
        error={error}
        onRetry={() => void refetch()}
        empty={rows.length === 0}
        emptyState={
          <EmptyState
            icon={<IconFileInvoice size={28} aria-hidden />}
            title={filtered ? t('list.noMatchTitle') : t('list.emptyTitle')}
            description={filtered ? t('list.noMatchText') : audience === 'staff' ? t('list.emptyStaffText') : t('list.emptyCustomerText')}
          />
        }
      >
        {/* Phones: one card per invoice, so status and balance are seen without scrolling sideways. */}
        <Stack gap="xs" hiddenFrom="sm" data-testid="invoice-cards">
          {rows.map((row) => (
            <UnstyledButton key={row.id} onClick={() => open(row)} data-testid={`invoice-card-${row.number}`}>
              <Paper withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} c="orange.9">
                    {row.number}
                  </Text>
                  <Badge color={STATUS_COLORS[row.status]} variant="dot">
                    {t(`status.${row.status}`)}
                  </Badge>
                </Group>
                <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
                  <Text size="sm" c="dimmed">
                    {t('list.dueOn', { date: format.date(row.dueDate) })}
                  </Text>
                  <Text size="sm" fw={700}>
                    {row.status === 'void' ? '—' : m(row.balanceCents)}
                  </Text>
                </Group>
                {row.overdue ? (
                  <Badge size="xs" color="red" variant="filled" mt={4}>
                    {t('list.daysOverdue', { count: row.daysOverdue })}
                  </Badge>
                ) : null}
              </Paper>
            </UnstyledButton>
          ))}
        </Stack>
        <Table.ScrollContainer minWidth={720} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }} visibleFrom="sm">
          <Table highlightOnHover verticalSpacing="sm" data-testid="invoice-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.number')}</Table.Th>
                <Table.Th>{t('fields.issueDate')}</Table.Th>
                <Table.Th>{t('fields.dueDate')}</Table.Th>
                <Table.Th>{t('fields.status')}</Table.Th>
                <Table.Th ta="right">{t('fields.total')}</Table.Th>
                <Table.Th ta="right">{t('fields.balance')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} onClick={() => open(row)} style={{ cursor: 'pointer' }} data-testid={`invoice-row-${row.number}`}>
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" onClick={() => open(row)}>
                      {row.number}
                    </Button>
                  </Table.Td>
                  <Table.Td>{format.date(row.issueDate)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{format.date(row.dueDate)}</Text>
                    {row.overdue ? (
                      <Badge size="xs" color="red" variant="filled" data-testid="overdue-badge">
                        {t('list.daysOverdue', { count: row.daysOverdue })}
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[row.status]} variant="dot">
                      {t(`status.${row.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{m(row.totalCents)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {row.status === 'void' ? '—' : m(row.balanceCents)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPagination page={list.page} pageSize={list.pageSize} total={data?.total ?? 0} totalExact={data?.totalExact} onPage={list.setPage} onPageSize={list.setPageSize} />
      </ListState>
      <InvoiceDrawer id={openId} audience={audience} customerId={customerId} onClose={close} />
    </Stack>
  );
}
