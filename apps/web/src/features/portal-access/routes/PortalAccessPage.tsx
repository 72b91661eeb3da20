import { Alert, Button, Grid, Select, Stack } from '@mantine/core';
import { IconFilterOff, IconHourglass, IconLock, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PORTAL_USER_SORTS, PORTAL_USER_STATUSES } from '@grove/shared';
import { useSession } from '../../../app/session';
import { ContentCard } from '../../../components/ui/ContentCard';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ErrorState } from '../../../components/ui/ErrorState';
import { ListPagination } from '../../../components/ui/ListPagination';
import { ListState } from '../../../components/ui/ListState';
import { ListToolbar } from '../../../components/ui/ListToolbar';
import { useListParams } from '../../../components/ui/useListParams';
import { usePageInRange } from '../../../components/ui/usePageInRange';
import { usePortalCustomer, usePortalUsers, type PortalListQuery } from '../api/portal-api';
import { PortalUserList } from '../components/PortalUserList';
import { TeamCard } from '../components/TeamCard';
import { usePortalBase } from '../components/usePortalBase';

const FILTERS = ['status'] as const;

function oneOf<T extends string>(list: readonly T[], value: string | undefined): T | undefined {
  return value !== undefined && (list as readonly string[]).includes(value) ? (value as T) : undefined;
}

/**
 * …/manage-portal-access (staff and customer side): the customer's portal users with their roles,
 * status and last sign-in; staff also see and manage the Grove team.
 */
export default function PortalAccessPage() {
  const { t } = useTranslation('portalAccess');
  const { user } = useSession();
  const paths = usePortalBase();
  const customer = usePortalCustomer(paths.customerId);
  const allowed = customer.data?.permissions.managePortal === true;
  const list = useListParams({ defaultSort: 'name', filters: FILTERS });
  const query: PortalListQuery = {
    page: list.page,
    pageSize: list.pageSize,
    sort: oneOf(PORTAL_USER_SORTS, list.sort) ?? 'name',
    ...(list.search ? { search: list.search } : {}),
    ...(oneOf(PORTAL_USER_STATUSES, list.filters.status) ? { status: oneOf(PORTAL_USER_STATUSES, list.filters.status) } : {}),
  };
  const users = usePortalUsers(paths.customerId, query, allowed);
  usePageInRange(list, users);
  const pending = usePortalUsers(paths.customerId, { page: 1, pageSize: 1, status: 'pending_approval' }, allowed);
  const staff = customer.data?.view === 'staff' ? customer.data : undefined;
  const rows = users.data?.data ?? [];

  if (customer.error) return <ErrorState message={customer.error.message} onRetry={() => void customer.refetch()} />;
  if (customer.data && !allowed) {
    return (
      <Stack gap="lg">
        <ContentCard>
          <EmptyState icon={<IconLock size={28} aria-hidden />} title={t('notAllowed.title')} description={t('notAllowed.text')} />
        </ContentCard>
        {staff && <TeamCard customerId={staff.id} canManage={false} addPath={paths.addMember} />}
      </Stack>
    );
  }

  const pendingCount = pending.data?.total ?? 0;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: staff ? 8 : 12 }}>
        <Stack gap="md">
          {pendingCount > 0 && list.filters.status !== 'pending_approval' && (
            <Alert color="orange" icon={<IconHourglass size={18} aria-hidden />} data-testid="pending-banner">
              {t('pending.text', { count: pendingCount })}{' '}
              <Button variant="subtle" size="compact-sm" onClick={() => list.setFilter('status', 'pending_approval')}>
                {t('pending.show')}
              </Button>
            </Alert>
          )}
          <ContentCard title={t('list.title')} data-testid="portal-users">
            <ListToolbar
              search={list.search}
              onSearch={list.setSearch}
              searchLabel={t('list.search')}
              actions={
                <Button component={Link} to={paths.newUser} leftSection={<IconUserPlus size={16} aria-hidden />} data-testid="new-portal-user">
                  {t('list.newUser')}
                </Button>
              }
            >
              <Select
                w={{ base: '100%', xs: 190 }}
                aria-label={t('list.status')}
                placeholder={t('list.anyStatus')}
                clearable
                data={PORTAL_USER_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
                value={query.status ?? null}
                onChange={(value) => list.setFilter('status', value)}
              />
              {list.hasFilters && (
                <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={list.clearFilters}>
                  {t('list.clear')}
                </Button>
              )}
            </ListToolbar>
            <ListState
              loading={!customer.data || users.isPending}
              error={users.isRefetchError ? null : users.error}
              onRetry={() => void users.refetch()}
              empty={rows.length === 0}
              emptyState={
                <EmptyState
                  icon={<IconUsers size={28} aria-hidden />}
                  title={list.hasFilters ? t('list.emptyFilteredTitle') : t('list.emptyTitle')}
                  description={list.hasFilters ? t('list.emptyFilteredText') : t('list.emptyText')}
                />
              }
            >
              <PortalUserList
                rows={rows}
                sort={query.sort ?? 'name'}
                onSort={list.setSort}
                customerId={paths.customerId}
                editPath={paths.editUser}
                selfId={user?.id}
              />
            </ListState>
            {users.data && users.data.total > 0 && (
              <ListPagination page={list.page} pageSize={list.pageSize} total={users.data.total} onPage={list.setPage} onPageSize={list.setPageSize} />
            )}
          </ContentCard>
        </Stack>
      </Grid.Col>
      {staff && (
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <TeamCard customerId={staff.id} canManage={staff.permissions.manageTeam} addPath={paths.addMember} />
        </Grid.Col>
      )}
    </Grid>
  );
}
