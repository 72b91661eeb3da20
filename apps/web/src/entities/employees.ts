import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { EMPLOYEES_ENDPOINTS, type Employee, type EmployeeListParams } from '@grove/shared';
import { callEndpoint } from '../app/endpoint-client';
import { PICKER_PAGE_SIZE, serverFiltered, usePickerSearch, withSelected, type PickerOption } from './picker-search';

/**
 * Staff records other features pick or filter by (account manager, assignee). Everything lives
 * under `employeeKeys.all`, which the team directory invalidates after every write, so a new or
 * renamed employee shows in every picker. Pickers search on the server: there may be more staff
 * than one page (issue 8 §6: they used to stop at 100).
 */
export const employeeKeys = {
  all: ['employees'] as const,
  detail: (id: string) => ['employees', 'detail', id] as const,
  options: (filter: StaffFilter) => ['employees', 'options', filter] as const,
};

export type StaffFilter = Pick<EmployeeListParams, 'search' | 'role'> & { pageSize?: number };

const STALE_MS = 60_000;

export const staffOptionsQuery = ({ search, role, pageSize = PICKER_PAGE_SIZE }: StaffFilter) =>
  queryOptions({
    queryKey: employeeKeys.options({ search: search || undefined, role, pageSize }),
    queryFn: async ({ signal }) =>
      (await callEndpoint(EMPLOYEES_ENDPOINTS.list, { query: { page: 1, pageSize, sort: 'name', role, search: search || undefined } }, { signal })).data,
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });

export const employeeQuery = (id: string | null | undefined) =>
  queryOptions({
    queryKey: employeeKeys.detail(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(EMPLOYEES_ENDPOINTS.detail, { params: { id: id! } }, { signal }),
    enabled: !!id,
    staleTime: STALE_MS,
  });

export const employeeName = (employee: Pick<Employee, 'firstName' | 'lastName'>) => `${employee.firstName} ${employee.lastName}`;

/**
 * A searchable staff picker: spread `select` into a Mantine Select. The chosen person stays in the
 * options even when the current matches do not include them.
 */
export function useStaffPicker({ selectedId, role, enabled = true }: { selectedId?: string | null; role?: StaffFilter['role']; enabled?: boolean }) {
  const selected = useQuery({ ...employeeQuery(selectedId), enabled: enabled && !!selectedId });
  const selectedOption: PickerOption | undefined = selected.data ? { value: selected.data.id, label: employeeName(selected.data) } : undefined;
  const { search, setSearch, term } = usePickerSearch(selectedOption?.label);
  const options = useQuery({ ...staffOptionsQuery({ search: term, role }), enabled });
  const data = withSelected((options.data ?? []).map((employee) => ({ value: employee.id, label: employeeName(employee) })), selectedOption);
  return {
    employees: options.data ?? [],
    isFetching: options.isFetching,
    isError: options.isError,
    select: { data, searchable: true, searchValue: search, onSearchChange: setSearch, filter: serverFiltered },
  };
}
