import { useState } from 'react';
import { Checkbox, MultiSelect, Select, SimpleGrid } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { SERVICE_REQUEST_STATUSES } from '@grove/shared';
import { useBranches } from '../../../entities/branches';
import { useCustomerName, useCustomerOptions, usePriorities, useRequestTypes } from '../api/requests-api';
import { useAssigneePicker } from './assignee-picker';
import { useRequestLabels } from './labels';
import type { RequestFilter, RequestListQuery } from './list-params';
import { DateField } from '../../../components/forms/DateField';

interface RequestFiltersProps {
  query: RequestListQuery;
  /** Global list: customer and branch filters too. */
  global: boolean;
  /** The customer of a per-customer list (its team are the assignees). */
  customerId?: string;
  onFilter: (name: RequestFilter, value: string | null) => void;
}

/** Every filter of the staff list; values come from and go to the URL. */
export function RequestFilters({ query, global, customerId, onFilter }: RequestFiltersProps) {
  const { t } = useTranslation('requests');
  const labels = useRequestLabels();
  const types = useRequestTypes();
  const priorities = usePriorities();
  const branches = useBranches(global);
  const assignees = useAssigneePicker(customerId, query.assigneeId ?? null);

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm" verticalSpacing="sm" data-testid="request-filters">
      <MultiSelect
        label={t('filters.status')}
        placeholder={query.status ? undefined : t('filters.any')}
        data={SERVICE_REQUEST_STATUSES.map((value) => ({ value, label: labels.status(value) }))}
        value={query.status ? query.status.split(',') : []}
        onChange={(values) => onFilter('status', values.length ? values.join(',') : null)}
        clearable
        comboboxProps={{ withinPortal: true }}
        data-testid="filter-status"
      />
      <Select
        label={t('filters.priority')}
        placeholder={t('filters.any')}
        data={(priorities.data ?? []).slice().sort((a, b) => b.rank - a.rank).map((p) => ({ value: p.id, label: labels.priority(p) }))}
        value={query.priorityId ?? null}
        onChange={(value) => onFilter('priority', value)}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('filters.type')}
        placeholder={t('filters.any')}
        data={(types.data ?? []).map((type) => ({ value: type.id, label: labels.type(type) }))}
        value={query.typeId ?? null}
        onChange={(value) => onFilter('type', value)}
        clearable
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      {global && <CustomerFilter value={query.customerId ?? null} onChange={(value) => onFilter('customer', value)} />}
      {global && (
        <Select
          label={t('filters.branch')}
          placeholder={t('filters.any')}
          data={(branches.data ?? []).map((branch) => ({ value: branch.id, label: branch.name }))}
          value={query.branchId ?? null}
          onChange={(value) => onFilter('branch', value)}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <Select
        label={t('filters.assignee')}
        placeholder={t('filters.anyone')}
        {...assignees}
        value={query.assigneeId ?? null}
        onChange={(value) => onFilter('assignee', value)}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <DateField label={t('filters.from')} value={query.createdFrom} max={query.createdTo} onChange={(day) => onFilter('from', day || null)} clearable data-testid="filter-from" />
      <DateField label={t('filters.to')} value={query.createdTo} min={query.createdFrom} onChange={(day) => onFilter('to', day || null)} clearable data-testid="filter-to" />
      <Checkbox
        label={t('filters.overdueOnly')}
        checked={query.overdue === 'true'}
        onChange={(event) => onFilter('overdue', event.currentTarget.checked ? 'true' : null)}
        style={{ alignSelf: 'end' }}
        mb={8}
      />
    </SimpleGrid>
  );
}

/** Customers are many: the list is searched on the server as the user types. */
function CustomerFilter({ value, onChange }: { value: string | null; onChange: (value: string | null) => void }) {
  const { t } = useTranslation('requests');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const selectedName = useCustomerName(value ?? undefined);
  // The input shows the chosen customer's name: that is not a search.
  const options = useCustomerOptions(debounced === selectedName.data ? '' : debounced);
  const data = (options.data ?? []).map((customer) => ({ value: customer.id, label: customer.name }));
  if (value && selectedName.data && !data.some((option) => option.value === value)) data.unshift({ value, label: selectedName.data });
  return (
    <Select
      label={t('filters.customer')}
      placeholder={t('filters.anyCustomer')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? t('loading') : t('filters.noCustomer')}
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}
