import {
  CUSTOMER_SORTS,
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  type CustomerListParams,
  type CustomerSort,
} from '@grove/shared';

/** The query of `CUSTOMERS_ENDPOINTS.list` as the list page builds it (page, size and sort always set). */
export type CustomerListQuery = CustomerListParams & { page: number; pageSize: number; sort: CustomerSort };

export const DEFAULT_CUSTOMER_SORT: CustomerSort = 'name';
export const CUSTOMER_FILTERS = ['status', 'type', 'regionId', 'branchId', 'accountManagerId', 'mine'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOrUndefined = (value: string | undefined) => (value && UUID.test(value) ? value : undefined);

function oneOf<T extends string>(list: readonly T[], value: string | undefined): T | undefined {
  return value !== undefined && (list as readonly string[]).includes(value) ? (value as T) : undefined;
}

/**
 * The API query from the URL's list state: a hand-edited or stale link with an unknown sort,
 * status or type falls back to the default instead of failing the whole list.
 */
export function customerQuery(state: {
  page: number;
  pageSize: number;
  sort: string | undefined;
  search: string;
  filters: Partial<Record<(typeof CUSTOMER_FILTERS)[number], string | undefined>>;
}): CustomerListQuery {
  const status = oneOf(CUSTOMER_STATUSES, state.filters.status);
  const type = oneOf(CUSTOMER_TYPES, state.filters.type);
  const search = state.search.trim().slice(0, 200);
  const regionId = uuidOrUndefined(state.filters.regionId);
  const branchId = uuidOrUndefined(state.filters.branchId);
  const accountManagerId = uuidOrUndefined(state.filters.accountManagerId);
  return {
    page: state.page,
    pageSize: state.pageSize,
    sort: oneOf(CUSTOMER_SORTS, state.sort) ?? DEFAULT_CUSTOMER_SORT,
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
    ...(type ? { type } : {}),
    ...(regionId ? { regionId } : {}),
    ...(branchId ? { branchId } : {}),
    ...(accountManagerId ? { accountManagerId } : {}),
    ...(state.filters.mine === 'true' ? { mine: 'true' } : {}),
  };
}
