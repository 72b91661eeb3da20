import {
  CUSTOMER_SORTS,
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  type CustomerSort,
  type CustomerStatus,
  type CustomerType,
} from '@grove/shared';

/** What the list page sends to `GET /api/Customers`. */
export interface CustomerListParams {
  page: number;
  pageSize: number;
  sort: CustomerSort;
  search?: string;
  status?: CustomerStatus;
  type?: CustomerType;
  regionId?: string;
  branchId?: string;
  accountManagerId?: string;
  /** "My customers" only. */
  mine?: true;
}

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
}): CustomerListParams {
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
    ...(state.filters.mine === 'true' ? { mine: true as const } : {}),
  };
}
