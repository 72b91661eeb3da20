import { useState } from 'react';
import { Badge, Box, Button, Collapse, Group, NativeSelect, Paper, SegmentedControl, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff, IconPlus, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ServiceRequestSummary } from '@grove/shared';
import { CsvExportButton } from '../../../components/ui/CsvExportButton';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ListPagination } from '../../../components/ui/ListPagination';
import { ListState } from '../../../components/ui/ListState';
import { ListToolbar } from '../../../components/ui/ListToolbar';
import { useListParams } from '../../../components/ui/useListParams';
import { usePageInRange } from '../../../components/ui/usePageInRange';
import { exportRequestsCsv, useRequestList } from '../api/requests-api';
import { BulkAssignBar } from './BulkAssignBar';
import { DEFAULT_REQUEST_SORT, LIST_VIEWS, REQUEST_FILTERS, activeFilterCount, requestQuery, viewOf } from './list-params';
import { RequestCards } from './RequestCards';
import { RequestFilters } from './RequestFilters';
import { RequestTable } from './RequestTable';
import classes from './RequestList.module.css';

/** Sort choices on a phone, where there are no column headers to click. */
const MOBILE_SORTS = [
  { value: '-createdAt', key: 'newest' },
  { value: 'createdAt', key: 'oldest' },
  { value: '-priority', key: 'urgent' },
  { value: 'resolutionDueAt', key: 'due' },
  { value: '-updatedAt', key: 'updated' },
  { value: 'status', key: 'status' },
] as const;

interface RequestListProps {
  /** The per-customer list: pinned to this customer (no customer or branch filter). */
  customerId?: string;
  pathOf: (row: ServiceRequestSummary) => string;
  /** "New request" target, when filing is possible from here. */
  newPath?: string;
}

/**
 * The staff list of requests (global or per customer): ready views as tabs, search, filters,
 * sort and page in the URL, bulk assign, CSV of the current filter.
 */
export function RequestList({ customerId, pathOf, newPath }: RequestListProps) {
  const { t } = useTranslation('requests');
  const list = useListParams({ defaultSort: DEFAULT_REQUEST_SORT, filters: REQUEST_FILTERS });
  const fixed = customerId ? { customerId } : {};
  const query = requestQuery(list, fixed);
  const { data, error, isPending, isFetching, isRefetchError, isPlaceholderData, refetch } = useRequestList(query);
  usePageInRange(list, { data, isPlaceholderData });
  const overdue = useRequestList({ page: 1, pageSize: 1, sort: DEFAULT_REQUEST_SORT, view: 'overdue', ...fixed });
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const filterCount = activeFilterCount(list, fixed);
  const [filtersOpen, setFiltersOpen] = useState<boolean | null>(null);
  const showFilters = filtersOpen ?? (wide || filterCount > 0);

  // Selection belongs to one list: a new filter, sort or page starts empty.
  const signature = JSON.stringify(query);
  const [selection, setSelection] = useState<{ signature: string; ids: Set<string> }>({ signature, ids: new Set() });
  const selected = selection.signature === signature ? selection.ids : new Set<string>();
  const rows = data?.data ?? [];
  const select = (ids: Set<string>) => setSelection({ signature, ids });
  const rowSelection = {
    selected,
    toggle: (id: string) => {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      select(next);
    },
    setAll: (checked: boolean) => select(checked ? new Set(rows.map((row) => row.id)) : new Set()),
  };

  const view = viewOf(list.filters.view);
  const overdueCount = overdue.data?.total ?? 0;
  const filtered = list.hasFilters;

  const emptyState = filtered ? (
    <EmptyState
      icon={<IconFilterOff size={28} aria-hidden />}
      title={view !== 'all' && filterCount === 0 && !list.search ? t(`empty.view.${view}`) : t('empty.filteredTitle')}
      description={view !== 'all' && filterCount === 0 && !list.search ? t('empty.viewText') : t('empty.filteredText')}
      action={
        <Button variant="light" onClick={list.clearFilters}>
          {view !== 'all' && filterCount === 0 && !list.search ? t('empty.showAll') : t('filters.clear')}
        </Button>
      }
    />
  ) : list.page > 1 ? (
    <EmptyState
      title={t('empty.pageTitle')}
      action={
        <Button variant="light" onClick={() => list.setPage(1)}>
          {t('empty.firstPage')}
        </Button>
      }
    />
  ) : (
    <EmptyState
      icon={<IconTool size={28} aria-hidden />}
      title={t('empty.title')}
      description={customerId ? t('empty.customerText') : t('empty.text')}
      action={
        newPath ? (
          <Button component={Link} to={newPath} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('list.new')}
          </Button>
        ) : undefined
      }
    />
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Box className={classes.views}>
          <SegmentedControl
            value={view}
            onChange={(value) => list.setFilter('view', value === 'all' ? null : value)}
            aria-label={t('views.label')}
            fullWidth={!wide}
            size={wide ? 'sm' : 'xs'}
            data={LIST_VIEWS.map((value) => ({
              value,
              label:
                value === 'overdue' && overdueCount > 0 ? (
                  <Group gap={6} wrap="nowrap" justify="center">
                    <span>{t('views.overdue')}</span>
                    <Badge size="xs" color="red" variant="filled" circle={overdueCount < 10} aria-label={t('views.overdueCount', { n: overdueCount })}>
                      {overdueCount > 99 ? '99+' : overdueCount}
                    </Badge>
                  </Group>
                ) : (
                  t(`views.${value}`)
                ),
            }))}
            data-testid="request-views"
          />
        </Box>
        <div>
          <ListToolbar
            search={list.search}
            onSearch={list.setSearch}
            searchLabel={t('filters.search')}
            actions={
              <>
                <CsvExportButton onExport={() => exportRequestsCsv(query)} disabled={!data?.total} />
                {newPath && (
                  <Button component={Link} to={newPath} leftSection={<IconPlus size={16} aria-hidden />} data-testid="new-request">
                    {t('list.new')}
                  </Button>
                )}
              </>
            }
          >
            <Button
              variant={showFilters ? 'light' : 'default'}
              leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
              rightSection={filterCount > 0 ? <Badge size="sm" circle>{filterCount}</Badge> : undefined}
              onClick={() => setFiltersOpen(!showFilters)}
              aria-expanded={showFilters}
              aria-controls="request-filter-panel"
            >
              {t('filters.toggle')}
            </Button>
            {!wide && (
              <NativeSelect
                aria-label={t('sort.label')}
                value={query.sort}
                data={MOBILE_SORTS.map(({ value, key }) => ({ value, label: t(`sort.${key}`) }))}
                onChange={(event) => list.setSort(event.currentTarget.value)}
                style={{ flex: '1 1 160px' }}
              />
            )}
            {filtered && (
              <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={list.clearFilters}>
                {t('filters.clear')}
              </Button>
            )}
          </ListToolbar>
          <Collapse expanded={showFilters} id="request-filter-panel">
            <Box pb="md">
              <RequestFilters query={query} global={!customerId} customerId={customerId} onFilter={list.setFilter} />
            </Box>
          </Collapse>
        </div>
        <ListState
          loading={isPending}
          error={isRefetchError ? null : error}
          onRetry={() => void refetch()}
          empty={rows.length === 0}
          emptyState={emptyState}
          skeletonColumns={6}
        >
          <Box style={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={isFetching}>
            {wide ? (
              <RequestTable rows={rows} pathOf={pathOf} showCustomer={!customerId} selection={rowSelection} sort={query.sort} onSort={list.setSort} />
            ) : (
              <RequestCards rows={rows} pathOf={pathOf} showCustomer={!customerId} selection={rowSelection} />
            )}
          </Box>
        </ListState>
        {selected.size > 0 && <BulkAssignBar ids={[...selected]} customerId={customerId} onDone={() => select(new Set())} onClear={() => select(new Set())} />}
        {data && data.total > 0 && (
          <ListPagination page={list.page} pageSize={list.pageSize} total={data.total} totalExact={data.totalExact} onPage={list.setPage} onPageSize={list.setPageSize} />
        )}
      </Stack>
    </Paper>
  );
}
