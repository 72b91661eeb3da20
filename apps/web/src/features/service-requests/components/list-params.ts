import {
  SERVICE_REQUEST_SORTS,
  SERVICE_REQUEST_STATUSES,
  type ServiceRequestListQueryInput,
  type ServiceRequestSort,
  type ServiceRequestStatus,
  type ServiceRequestView,
} from '@grove/shared';

/**
 * The staff list's state lives in the URL under short names; this maps it to the query of
 * `GET /api/ServiceRequests`. Unknown or malformed values from a hand-edited link are dropped, so
 * a stale link shows a wider list instead of an error.
 */
export const REQUEST_FILTERS = ['view', 'status', 'priority', 'type', 'customer', 'branch', 'assignee', 'overdue', 'from', 'to'] as const;
export type RequestFilter = (typeof REQUEST_FILTERS)[number];

/** The segmented tabs: ready views of the API, and "All" (no view). */
export const LIST_VIEWS = ['myOpen', 'unassigned', 'overdue', 'all'] as const satisfies readonly (ServiceRequestView | 'all')[];
export type ListView = (typeof LIST_VIEWS)[number];

export const DEFAULT_REQUEST_SORT: ServiceRequestSort = '-createdAt';

/**
 * The query of `SERVICE_REQUESTS_ENDPOINTS.list` as the list builds it: page, size and sort always
 * set, lists as comma-separated text and flags as `'true'`, as they go in the query string.
 */
export type RequestListQuery = ServiceRequestListQueryInput & {
  page: number;
  pageSize: number;
  sort: ServiceRequestSort;
  status?: string;
  priorityId?: string;
  typeId?: string;
  view?: Exclude<ServiceRequestView, 'open'>;
  overdue?: 'true';
  /** Open requests only (the customer view's default). */
  open?: 'true';
};

export interface ListUrlState {
  page: number;
  pageSize: number;
  sort: string | undefined;
  search: string;
  filters: Partial<Record<RequestFilter, string | undefined>>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const uuid = (value: string | undefined) => (value && UUID.test(value) ? value : undefined);
const day = (value: string | undefined) => (value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined);

export function viewOf(value: string | undefined): ListView {
  return value === 'myOpen' || value === 'unassigned' || value === 'overdue' ? value : 'all';
}

/** Known statuses of a comma-separated list, in the order of the status machine. */
export function statusesOf(value: string | undefined): ServiceRequestStatus[] {
  const wanted = new Set((value ?? '').split(','));
  return SERVICE_REQUEST_STATUSES.filter((status) => wanted.has(status));
}

/** The API query for the URL state; `customerId` pins the per-customer list to its customer. */
export function requestQuery(state: ListUrlState, fixed: { customerId?: string } = {}): RequestListQuery {
  const f = state.filters;
  const sort = (SERVICE_REQUEST_SORTS as readonly string[]).includes(state.sort ?? '') ? (state.sort as ServiceRequestSort) : DEFAULT_REQUEST_SORT;
  const search = state.search.trim().slice(0, 200);
  const view = viewOf(f.view);
  const status = statusesOf(f.status).join(',');
  const customerId = fixed.customerId ?? uuid(f.customer);
  let createdFrom = day(f.from);
  let createdTo = day(f.to);
  // A range typed backwards still means the days between the two dates.
  if (createdFrom && createdTo && createdFrom > createdTo) [createdFrom, createdTo] = [createdTo, createdFrom];
  const optional = {
    search: search || undefined,
    view: view === 'all' ? undefined : view,
    status: status || undefined,
    priorityId: uuid(f.priority),
    typeId: uuid(f.type),
    customerId,
    branchId: fixed.customerId ? undefined : uuid(f.branch),
    assigneeId: uuid(f.assignee),
    overdue: f.overdue === 'true' ? ('true' as const) : undefined,
    createdFrom,
    createdTo,
  };
  const defined = Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined));
  return { page: state.page, pageSize: state.pageSize, sort, ...defined };
}

/** How many filters (not the view tab or the search) are set, for the "Filters" button. */
export function activeFilterCount(state: ListUrlState, fixed: { customerId?: string } = {}): number {
  const q = requestQuery(state, fixed);
  const keys: (keyof RequestListQuery)[] = ['status', 'priorityId', 'typeId', 'branchId', 'assigneeId', 'overdue', 'createdFrom'];
  if (!fixed.customerId) keys.push('customerId');
  let count = keys.filter((key) => q[key] !== undefined).length;
  if (q.createdTo && !q.createdFrom) count++;
  return count;
}
