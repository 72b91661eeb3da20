import { lazy, Suspense, useDeferredValue, useId, useState } from 'react';
import { Box, Button, Checkbox, Paper } from '@mantine/core';
import { IconBuildingCommunity, IconFilter, IconFilterOff, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BREAKPOINTS, CUSTOMER_STATUSES, CUSTOMER_TYPES } from '@grove/shared';
import { useSession } from '../../../app/session';
import { CsvExportButton } from '../../../components/ui/CsvExportButton';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ListPagination } from '../../../components/ui/ListPagination';
import { ListState } from '../../../components/ui/ListState';
import { ListToolbar } from '../../../components/ui/ListToolbar';
import { SelectOnFirstUse } from '../../../components/ui/SelectOnFirstUse';
import { useBelowWidth } from '../../../components/ui/useBelowWidth';
import { useListParams } from '../../../components/ui/useListParams';
import { usePageInRange } from '../../../components/ui/usePageInRange';
import { useBranches, useRegions } from '../../../entities/branches';
import { exportCustomersCsv, useCustomerList } from '../api/customers-list-api';
import { useStaffPicker } from '../../../entities/employees';
import { CustomerCards } from '../components/CustomerCards';
import { CustomerTable } from '../components/CustomerTable';
import classes from '../components/CustomerList.module.css';
import { CUSTOMER_FILTERS, DEFAULT_CUSTOMER_SORT, customerQuery } from '../components/list-params';
import { mayCreateCustomers } from '../components/customer-permissions';

// The creation form (number inputs, the create schema) loads when it is first opened (decision 028).
const NewCustomerDrawer = lazy(() => import('../components/NewCustomerDrawer').then((module) => ({ default: module.NewCustomerDrawer })));

/** /customers: the staff customer list; search, filters, sort and page live in the URL. */
export default function CustomerListPage() {
  const { t } = useTranslation('customers');
  const list = useListParams({ defaultSort: DEFAULT_CUSTOMER_SORT, filters: CUSTOMER_FILTERS });
  const query = customerQuery(list);
  const { data: fresh, error, isPending, isFetching, isRefetchError, isPlaceholderData, refetch } = useCustomerList(query);
  usePageInRange(list, { data: fresh, isPlaceholderData });
  // The rows render in an interruptible pass after the answer arrives (decision 032: no long task).
  const data = useDeferredValue(fresh);
  const rows = data?.data ?? [];
  const phone = useBelowWidth(BREAKPOINTS.md);
  const { roles } = useSession();
  const regions = useRegions();
  const branches = useBranches();
  const managers = useStaffPicker({ role: 'Account Manager', selectedId: query.accountManagerId });
  const [params, setParams] = useSearchParams();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const activeFilters = CUSTOMER_FILTERS.filter((name) => list.filters[name] !== undefined).length;
  const creating = params.get('new') === '1';
  // Once opened, the drawer stays mounted so it can animate closed.
  const [drawerUsed, setDrawerUsed] = useState(creating);
  if (creating && !drawerUsed) setDrawerUsed(true);
  const setCreating = (open: boolean) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (open) next.set('new', '1');
      else next.delete('new');
      return next;
    });
  const branchOptions = (branches.data ?? [])
    .filter((branch) => !query.regionId || branch.regionId === query.regionId)
    .map((branch) => ({ value: branch.id, label: branch.name }));

  const emptyState = list.hasFilters ? (
    <EmptyState
      icon={<IconFilterOff size={28} aria-hidden />}
      title={t('empty.filteredTitle')}
      description={t('empty.filteredText')}
      action={
        <Button variant="light" onClick={list.clearFilters}>
          {t('filters.clear')}
        </Button>
      }
    />
  ) : list.page > 1 ? (
    <EmptyState
      title={t('empty.pageTitle')}
      description={t('empty.pageText')}
      action={
        <Button variant="light" onClick={() => list.setPage(1)}>
          {t('empty.firstPage')}
        </Button>
      }
    />
  ) : (
    <EmptyState icon={<IconBuildingCommunity size={28} aria-hidden />} title={t('empty.title')} description={t('empty.text')} />
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <ListToolbar
        search={list.search}
        onSearch={list.setSearch}
        searchLabel={t('filters.search')}
        actions={
          <>
            <CsvExportButton onExport={() => exportCustomersCsv(query)} disabled={!data?.total} />
            {mayCreateCustomers(roles) && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)} data-testid="new-customer">
                {t('create.open')}
              </Button>
            )}
          </>
        }
      >
        <Button
          variant="default"
          className={classes.filtersToggle}
          leftSection={<IconFilter size={16} aria-hidden />}
          onClick={() => setFiltersOpen((open) => !open)}
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
        >
          {activeFilters > 0 ? t('filters.toggleCount', { count: activeFilters }) : t('filters.toggle')}
        </Button>
        <div className={classes.filters} data-open={filtersOpen} id={filtersId}>
          <SelectOnFirstUse
            w={{ base: '100%', xs: 210 }}
            aria-label={t('filters.status')}
            placeholder={t('filters.anyStatus')}
            clearable
            data={CUSTOMER_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
            value={query.status ?? null}
            onChange={(value) => list.setFilter('status', value)}
            data-testid="filter-status"
          />
          <SelectOnFirstUse
            w={{ base: '100%', xs: 210 }}
            aria-label={t('filters.type')}
            placeholder={t('filters.anyType')}
            clearable
            data={CUSTOMER_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))}
            value={query.type ?? null}
            onChange={(value) => list.setFilter('type', value)}
            data-testid="filter-type"
          />
          <SelectOnFirstUse
            w={{ base: '100%', xs: 210 }}
            aria-label={t('filters.region')}
            placeholder={t('filters.anyRegion')}
            clearable
            data={(regions.data ?? []).map((region) => ({ value: region.id, label: region.name }))}
            value={query.regionId ?? null}
            onChange={(value) => {
              list.setFilter('regionId', value);
              const branch = branches.data?.find((candidate) => candidate.id === query.branchId);
              if (value && branch && branch.regionId !== value) list.setFilter('branchId', null);
            }}
            data-testid="filter-region"
          />
          <SelectOnFirstUse
            w={{ base: '100%', xs: 210 }}
            aria-label={t('filters.branch')}
            placeholder={t('filters.anyBranch')}
            clearable
            data={branchOptions}
            value={query.branchId ?? null}
            onChange={(value) => list.setFilter('branchId', value)}
            data-testid="filter-branch"
          />
          <SelectOnFirstUse
            w={{ base: '100%', xs: 220 }}
            aria-label={t('filters.accountManager')}
            placeholder={t('filters.anyManager')}
            clearable
            {...managers.select}
            nothingFoundMessage={t('form.nobodyFound')}
            value={query.accountManagerId ?? null}
            onChange={(value) => list.setFilter('accountManagerId', value)}
            data-testid="filter-manager"
          />
          <Checkbox
            label={t('filters.mine')}
            checked={query.mine === 'true'}
            onChange={(event) => list.setFilter('mine', event.currentTarget.checked ? 'true' : null)}
            style={{ alignSelf: 'center' }}
            data-testid="filter-mine"
          />
        </div>
        {list.hasFilters && (
          <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={list.clearFilters}>
            {t('filters.clear')}
          </Button>
        )}
      </ListToolbar>
      <ListState
        loading={isPending || (fresh !== undefined && data === undefined)}
        error={isRefetchError ? null : error}
        onRetry={() => void refetch()}
        empty={rows.length === 0}
        emptyState={emptyState}
        skeletonColumns={5}
      >
        <Box style={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={isFetching}>
          {phone ? <CustomerCards rows={rows} /> : <CustomerTable rows={rows} sort={query.sort} onSort={list.setSort} />}
        </Box>
      </ListState>
      {data && data.total > 0 && (
        <ListPagination page={list.page} pageSize={list.pageSize} total={data.total} onPage={list.setPage} onPageSize={list.setPageSize} />
      )}
      {drawerUsed && (
        <Suspense fallback={null}>
          <NewCustomerDrawer opened={creating && mayCreateCustomers(roles)} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Paper>
  );
}
