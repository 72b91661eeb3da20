import { Badge, Box, Button, Chip, Group, Paper, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconChevronRight, IconClockExclamation, IconLock, IconMessages, IconPaperclip, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MESSAGE_FILTERS, type MessageFilter, type MessageThreadSummary } from '@grove/shared';
import { useFormat } from '../../../app/format';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ListPagination } from '../../../components/ui/ListPagination';
import { ListState } from '../../../components/ui/ListState';
import { ListToolbar } from '../../../components/ui/ListToolbar';
import { useListParams } from '../../../components/ui/useListParams';
import { usePageInRange } from '../../../components/ui/usePageInRange';
import { useThreadList } from '../api/messages-api';
import { formatWaiting } from './waiting';
import classes from './Messages.module.css';

const FILTER_PARAMS = ['filter'] as const;

export interface ThreadListProps {
  audience: 'staff' | 'customer';
  /** One customer's threads; without it, every customer in scope (message center). */
  customerId?: string;
  /** `${basePath}/${id}/view` opens a thread; `${basePath}/new` starts one. */
  basePath: string;
}

/** Conversations, unread first: search, filters, the time a customer has waited (staff). */
export function ThreadList({ audience, customerId, basePath }: ThreadListProps) {
  const { t } = useTranslation('messages');
  const list = useListParams({ defaultPageSize: 25, filters: FILTER_PARAMS });
  const filters = (list.filters.filter ?? '').split(',').filter((f): f is MessageFilter => (MESSAGE_FILTERS as readonly string[]).includes(f));
  const available: MessageFilter[] = audience === 'staff' ? (customerId ? ['unread', 'unanswered', 'attachments'] : ['unread', 'mine', 'unanswered', 'attachments']) : ['unread', 'attachments'];
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useThreadList({
    page: list.page,
    pageSize: list.pageSize,
    search: list.search,
    customerId,
    filters: filters.filter((f) => available.includes(f)),
  });
  usePageInRange(list, { data, isPlaceholderData });
  const rows = data?.data ?? [];
  const filtered = filters.length > 0 || list.search !== '';

  return (
    <Stack gap="md">
      <ListToolbar
        search={list.search}
        onSearch={list.setSearch}
        searchLabel={t('list.search')}
        actions={
          <Button component={Link} to={`${basePath}/new`} leftSection={<IconPlus size={18} aria-hidden />} data-testid="new-thread">
            {t('list.new')}
          </Button>
        }
      >
        <Chip.Group multiple value={filters} onChange={(value) => list.setFilter('filter', value.join(',') || null)}>
          <Group gap={6} wrap="wrap" role="group" aria-label={t('list.filters')}>
            {available.map((filter) => (
              <Chip key={filter} value={filter} size="sm" variant="outline" data-testid={`filter-${filter}`}>
                {t(`filters.${filter}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </ListToolbar>
      <ListState
        loading={isPending}
        error={error}
        onRetry={() => void refetch()}
        empty={rows.length === 0}
        emptyState={
          <EmptyState
            icon={<IconMessages size={28} aria-hidden />}
            title={filtered ? t('list.noMatchTitle') : t('list.emptyTitle')}
            description={filtered ? t('list.noMatchText') : audience === 'staff' ? t('list.emptyStaffText') : t('list.emptyCustomerText')}
            action={
              filtered ? (
                <Button variant="light" onClick={() => { list.clearFilters(); list.setSearch(''); }}>
                  {t('list.clear')}
                </Button>
              ) : undefined
            }
          />
        }
        skeletonColumns={2}
      >
        <Stack gap="xs" style={{ opacity: isFetching ? 0.7 : 1 }} data-testid="thread-list">
          {rows.map((row) => (
            <ThreadRow key={row.id} row={row} href={`${basePath}/${row.id}/view`} showCustomer={!customerId} />
          ))}
        </Stack>
      </ListState>
      {data && data.total > 0 && (
        <Box>
          <ListPagination page={list.page} pageSize={list.pageSize} total={data.total} totalExact={data.totalExact} onPage={list.setPage} onPageSize={list.setPageSize} />
        </Box>
      )}
    </Stack>
  );
}

function ThreadRow({ row, href, showCustomer }: { row: MessageThreadSummary; href: string; showCustomer: boolean }) {
  const { t } = useTranslation('messages');
  const format = useFormat();
  return (
    <Paper withBorder radius="md" p="sm" className={classes.row} data-unread={row.unread} data-testid="thread-row">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <span className={classes.dot} data-on={row.unread} aria-hidden />
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap="xs" wrap="nowrap" justify="space-between" align="baseline">
            <Link to={href} className={classes.stretched}>
              <Text fw={row.unread ? 700 : 500} size="md" className={classes.subject}>
                {row.unread && <VisuallyHidden>{t('list.unread')} </VisuallyHidden>}
                {row.subject}
              </Text>
            </Link>
            {row.lastMessage && (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} title={format.dateTime(row.lastMessage.at)}>
                {format.relative(row.lastMessage.at)}
              </Text>
            )}
          </Group>
          {showCustomer && (
            <Text size="sm" fw={500} c="teal.8">
              {row.customerName}
            </Text>
          )}
          {row.lastMessage && (
            <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {row.lastMessage.internal && <IconLock size={13} aria-label={t('thread.internal')} style={{ verticalAlign: -2, marginInlineEnd: 4 }} />}
              <Text span fw={500} inherit>
                {row.lastMessage.authorName}:
              </Text>{' '}
              {row.lastMessage.excerpt}
            </Text>
          )}
          <Group gap={6} wrap="wrap">
            {row.awaitingReplySince && (
              <Tooltip label={t('list.waitingSince', { time: format.dateTime(row.awaitingReplySince) })}>
                <Badge
                  color={row.overdue ? 'red' : 'orange'}
                  variant={row.overdue ? 'filled' : 'light'}
                  leftSection={<IconClockExclamation size={12} aria-hidden />}
                  data-testid="waiting-badge"
                >
                  {t('list.waiting', { duration: formatWaiting(row.awaitingReplySince, format.language) })}
                </Badge>
              </Tooltip>
            )}
            <Badge variant="default" size="sm">
              {t('list.messageCount', { count: row.messageCount })}
            </Badge>
            {row.hasAttachments && (
              <Badge variant="default" size="sm" leftSection={<IconPaperclip size={12} aria-hidden />}>
                {t('list.attachments')}
              </Badge>
            )}
          </Group>
        </Stack>
        <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0, alignSelf: 'center' }} />
      </Group>
    </Paper>
  );
}
