import { useState } from 'react';
import { Box, Button, Checkbox, Paper, Select, SimpleGrid } from '@mantine/core';
import { IconFilterOff, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_SORTS, STAFF_ROLES, isSystemAdmin, type Employee } from '@grove/shared';
import { useSession } from '../../../app/session';
import { useConfirm } from '../../../components/ui/ConfirmDialog';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ListPagination } from '../../../components/ui/ListPagination';
import { ListState } from '../../../components/ui/ListState';
import { ListToolbar } from '../../../components/ui/ListToolbar';
import { toastError, toastSuccess } from '../../../components/ui/toasts';
import { useListParams } from '../../../components/ui/useListParams';
import { usePageInRange } from '../../../components/ui/usePageInRange';
import { useBranches } from '../../../entities/branches';
import { useEmployeeMutations, useEmployees, useKudosCounts, type EmployeeQuery } from '../api/employees-api';
import { EmployeeCard, type EmployeeAction } from '../components/EmployeeCard';
import { EmployeeFormModal } from '../components/EmployeeFormModal';

const FILTERS = ['branchId', 'role', 'inactive'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<T extends string>(list: readonly T[], value: string | undefined): T | undefined {
  return value !== undefined && (list as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** /yn-team-directory: Grove's staff, searchable and filtered by branch and role; System Admin manages them. */
export default function TeamDirectoryPage() {
  const { t } = useTranslation('teamDirectory');
  const { roles, user } = useSession();
  const admin = isSystemAdmin(roles);
  const confirm = useConfirm();
  const list = useListParams({ defaultSort: 'name', filters: FILTERS });
  const branches = useBranches();
  const mutations = useEmployeeMutations();
  const [editing, setEditing] = useState<{ employee: Employee | null } | null>(null);

  const branchId = list.filters.branchId && UUID.test(list.filters.branchId) ? list.filters.branchId : undefined;
  const role = oneOf(STAFF_ROLES, list.filters.role);
  const query: EmployeeQuery = {
    page: list.page,
    pageSize: list.pageSize,
    sort: oneOf(EMPLOYEE_SORTS, list.sort) ?? 'name',
    ...(list.search ? { search: list.search } : {}),
    ...(branchId ? { branchId } : {}),
    ...(role ? { role } : {}),
    ...(admin && list.filters.inactive === 'true' ? { active: 'false' as const } : {}),
  };
  const { data, error, isPending, isFetching, isRefetchError, isPlaceholderData, refetch } = useEmployees(query);
  usePageInRange(list, { data, isPlaceholderData });
  const rows = data?.data ?? [];
  const kudos = useKudosCounts(rows.map((row) => row.id));

  const onAction = async (action: EmployeeAction, employee: Employee) => {
    const name = `${employee.firstName} ${employee.lastName}`;
    try {
      if (action === 'edit') setEditing({ employee });
      if (action === 'resend') {
        await mutations.resend.mutateAsync(employee.id);
        toastSuccess(t('actions.resent', { email: employee.email }));
      }
      if (action === 'deactivate') {
        const yes = await confirm({ title: t('actions.deactivateTitle'), message: t('actions.deactivateQuestion', { name }), confirmLabel: t('actions.deactivate') });
        if (!yes) return;
        await mutations.deactivate.mutateAsync(employee.id);
        toastSuccess(t('actions.deactivated', { name }));
      }
      if (action === 'reactivate') {
        await mutations.update.mutateAsync({ id: employee.id, body: { active: true } });
        toastSuccess(t('actions.reactivated', { name }));
      }
    } catch (failure) {
      toastError(failure instanceof Error ? failure.message : t('actions.failed'));
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <ListToolbar
        search={list.search}
        onSearch={list.setSearch}
        searchLabel={t('filters.search')}
        actions={
          admin ? (
            <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setEditing({ employee: null })} data-testid="new-employee">
              {t('actions.new')}
            </Button>
          ) : undefined
        }
      >
        <Select
          w={{ base: '100%', xs: 210 }}
          aria-label={t('filters.branch')}
          placeholder={t('filters.anyBranch')}
          clearable
          data={(branches.data ?? []).map((branch) => ({ value: branch.id, label: `${branch.name} (${branch.regionName})` }))}
          value={branchId ?? null}
          onChange={(value) => list.setFilter('branchId', value)}
          data-testid="filter-branch"
        />
        <Select
          w={{ base: '100%', xs: 220 }}
          aria-label={t('filters.role')}
          placeholder={t('filters.anyRole')}
          clearable
          data={STAFF_ROLES.map((value) => ({ value, label: t(`roles:role.${value}`) }))}
          value={role ?? null}
          onChange={(value) => list.setFilter('role', value)}
          data-testid="filter-role"
        />
        <Select
          w={{ base: '100%', xs: 170 }}
          aria-label={t('filters.sort')}
          allowDeselect={false}
          data={EMPLOYEE_SORTS.map((value) => ({ value, label: t(`sort.${value}`) }))}
          value={query.sort}
          onChange={(value) => value && list.setSort(value)}
        />
        {admin && (
          <Checkbox
            label={t('filters.inactive')}
            checked={list.filters.inactive === 'true'}
            onChange={(event) => list.setFilter('inactive', event.currentTarget.checked ? 'true' : null)}
            style={{ alignSelf: 'center' }}
          />
        )}
        {list.hasFilters && (
          <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={list.clearFilters}>
            {t('filters.clear')}
          </Button>
        )}
      </ListToolbar>
      <ListState
        loading={isPending}
        error={isRefetchError ? null : error}
        onRetry={() => void refetch()}
        empty={rows.length === 0}
        emptyState={
          <EmptyState
            icon={<IconUsers size={28} aria-hidden />}
            title={list.hasFilters ? t('empty.filteredTitle') : t('empty.title')}
            description={list.hasFilters ? t('empty.filteredText') : t('empty.text')}
          />
        }
      >
        <Box style={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={isFetching}>
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" data-testid="team-directory">
            {rows.map((employee) => (
              <EmployeeCard key={employee.id} employee={employee} kudosCount={kudos.data?.get(employee.id)} isSelf={employee.id === user?.id} onAction={admin ? (action, person) => void onAction(action, person) : undefined} />
            ))}
          </SimpleGrid>
        </Box>
      </ListState>
      {data && data.total > 0 && (
        <ListPagination page={list.page} pageSize={list.pageSize} total={data.total} onPage={list.setPage} onPageSize={list.setPageSize} />
      )}
      {admin && <EmployeeFormModal opened={editing !== null} employee={editing?.employee ?? null} onClose={() => setEditing(null)} />}
    </Paper>
  );
}
