import { and, type AnyColumn, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  LIST_COUNT_CAP,
  OPEN_SERVICE_REQUEST_STATUSES,
  validationText,
  type Page,
  type PreferredContact,
  type ServiceRequestAttachment,
  type ServiceRequestDetail,
  type ServiceRequestExportQuery,
  type ServiceRequestListQuery,
  type ServiceRequestPin,
  type ServiceRequestSort,
  type ServiceRequestStatus,
  type ServiceRequestSummary,
  type TimelineEntry,
} from '@grove/shared';
import { pageOffset, pageTotal, pastTheEnd } from '../../lib/paging.js';
import type { Db } from '../../db/client.js';
import { prepared, uuidList } from '../../db/prepared.js';
import { must, referenceDataWith, type ReferenceData } from '../../db/reference-cache.js';
import {
  branches,
  customers,
  files,
  serviceRequestEvents,
  serviceRequestPriorities,
  serviceRequestTypes,
  serviceRequests,
  users,
} from '../../db/schema.js';
import type { AuthUser } from '../../http/authenticate.js';
import { badRequest, notFound } from '../../http/errors.js';
import { contentUrl } from '../files/index.js';
import { customerIdInResolvedScope, customerIdInScope, resolveCustomerScope, type ResolvedScope, type ScopeCaller, type ScopeUser } from '../scope/index.js';
import { forEachIdBatch, type DatabaseKind } from '../../lib/cursor.js';
import { allowedActions, isStaffUser } from './policy.js';
import { reopenDeadline } from './state-machine.js';

export const REQUEST_OWNER = 'service_request';
export const EVENT_OWNER = 'service_request_event';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const assignee = alias(users, 'assignee');
const requester = alias(users, 'requester');
const creator = alias(users, 'creator');

const fullName = (table: { firstName: AnyColumn; lastName: AnyColumn }) =>
  sql<string>`trim(concat_ws(' ', ${table.firstName}, ${table.lastName}))`;
const OPEN_LIST = sql.raw(OPEN_SERVICE_REQUEST_STATUSES.map((s) => `'${s}'`).join(','));

/**
 * Overdue (docs/decisions/006-sla-business-hours.md): past response-due while still new, or past
 * resolution-due while open. One SQL expression for the flag, the filter and the dashboard.
 */
export const overdueCondition = sql<boolean>`((${serviceRequests.status} = 'new' and ${serviceRequests.responseDueAt} < now()) or (${serviceRequests.status} in (${OPEN_LIST}) and ${serviceRequests.resolutionDueAt} < now()))`;

/** Escapes LIKE wildcards so a search for "50%" finds the text. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const statusOrder = sql`array_position(array['new','acknowledged','scheduled','in_progress','completed','closed','cancelled']::text[], ${serviceRequests.status})`;

// Byte-order collation so PGlite and PostgreSQL sort text the same way.
const sortExpressions: Record<ServiceRequestSort, SQL[]> = {
  number: [asc(sql`${serviceRequests.number} collate "C"`)],
  '-number': [desc(sql`${serviceRequests.number} collate "C"`)],
  createdAt: [asc(serviceRequests.createdAt)],
  '-createdAt': [desc(serviceRequests.createdAt)],
  updatedAt: [asc(serviceRequests.updatedAt)],
  '-updatedAt': [desc(serviceRequests.updatedAt)],
  priority: [asc(serviceRequestPriorities.rank), asc(serviceRequests.createdAt)],
  '-priority': [desc(serviceRequestPriorities.rank), asc(serviceRequests.createdAt)],
  status: [asc(statusOrder), desc(serviceRequests.createdAt)],
  '-status': [desc(statusOrder), desc(serviceRequests.createdAt)],
  title: [asc(sql`lower(${serviceRequests.title}) collate "C"`)],
  '-title': [desc(sql`lower(${serviceRequests.title}) collate "C"`)],
  scheduledDate: [sql`${serviceRequests.scheduledDate} asc nulls last`],
  '-scheduledDate': [sql`${serviceRequests.scheduledDate} desc nulls last`],
  responseDueAt: [asc(serviceRequests.responseDueAt)],
  '-responseDueAt': [desc(serviceRequests.responseDueAt)],
  resolutionDueAt: [asc(serviceRequests.resolutionDueAt)],
  '-resolutionDueAt': [desc(serviceRequests.resolutionDueAt)],
};

function dayStart(isoDate: string): SQL {
  return sql`(${isoDate}::date)::timestamp at time zone 'UTC'`;
}

/** The WHERE of lists and exports: always the caller's scope, then the filters. */
export function listConditions(user: ScopeUser, query: ServiceRequestExportQuery, scope?: ResolvedScope): SQL {
  const conditions: SQL[] = [scope ? customerIdInResolvedScope(scope, serviceRequests.customerId) : customerIdInScope(user, serviceRequests.customerId)];
  const view = query.view;
  const mine = query.mine ?? (view === 'myOpen' ? true : undefined);
  const unassigned = query.unassigned ?? (view === 'unassigned' ? true : undefined);
  const overdue = query.overdue ?? (view === 'overdue' ? true : undefined);
  const open = query.open ?? (view === 'myOpen' || view === 'unassigned' || view === 'open' ? true : undefined);

  if (query.status?.length) conditions.push(inArray(serviceRequests.status, query.status));
  if (query.priorityId?.length) conditions.push(inArray(serviceRequests.priorityId, query.priorityId));
  if (query.typeId?.length) conditions.push(inArray(serviceRequests.typeId, query.typeId));
  if (query.customerId) conditions.push(eq(serviceRequests.customerId, query.customerId));
  if (query.branchId) conditions.push(eq(customers.branchId, query.branchId));
  if (query.assigneeId) conditions.push(eq(serviceRequests.assigneeId, query.assigneeId));
  if (overdue !== undefined) conditions.push(overdue ? overdueCondition : not(overdueCondition));
  if (unassigned !== undefined) conditions.push(unassigned ? isNull(serviceRequests.assigneeId) : isNotNull(serviceRequests.assigneeId));
  if (mine) conditions.push(or(eq(serviceRequests.assigneeId, user.id), eq(serviceRequests.requesterId, user.id))!);
  if (open !== undefined) {
    const openCondition = inArray(serviceRequests.status, [...OPEN_SERVICE_REQUEST_STATUSES]);
    conditions.push(open ? openCondition : not(openCondition));
  }
  if (query.createdFrom) conditions.push(gte(serviceRequests.createdAt, dayStart(query.createdFrom)));
  if (query.createdTo) conditions.push(lt(serviceRequests.createdAt, sql`${dayStart(query.createdTo)} + interval '1 day'`));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(ilike(serviceRequests.number, pattern), ilike(serviceRequests.title, pattern))!);
  }
  return and(...conditions)!;
}

interface SummaryRow {
  id: string;
  number: string;
  customerId: string;
  customerName: string;
  branchId: string;
  branchName: string;
  status: string;
  title: string;
  locationText: string;
  typeId: string;
  typeCode: string;
  typeName: string;
  priorityId: string;
  priorityCode: string;
  priorityName: string;
  priorityRank: number;
  assigneeId: string | null;
  assigneeName: string | null;
  requesterId: string | null;
  requesterName: string | null;
  scheduledDate: string | null;
  scheduledFrom: string | null;
  scheduledTo: string | null;
  responseDueAt: Date;
  resolutionDueAt: Date;
  overdue: boolean;
  latitude: number | null;
  longitude: number | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}

function baseSelect<T extends Record<string, unknown>>(db: Pick<Db, 'select'>, columns: T) {
  return db
    .select(columns as never)
    .from(serviceRequests)
    .innerJoin(customers, eq(customers.id, serviceRequests.customerId))
    .innerJoin(branches, eq(branches.id, customers.branchId))
    .innerJoin(serviceRequestTypes, eq(serviceRequestTypes.id, serviceRequests.typeId))
    .innerJoin(serviceRequestPriorities, eq(serviceRequestPriorities.id, serviceRequests.priorityId))
    .leftJoin(assignee, eq(assignee.id, serviceRequests.assigneeId))
    .leftJoin(requester, eq(requester.id, serviceRequests.requesterId));
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A list or detail row with its names from the reference cache, built in one step (no copy of the row). */
function toSummary(row: RowOf, ref: ReferenceData): ServiceRequestSummary {
  const type = must(ref.types, row.typeId, 'service-request type');
  const priority = must(ref.priorities, row.priorityId, 'priority');
  return {
    id: row.id,
    number: row.number,
    customerId: row.customerId,
    customerName: row.customerName,
    branchId: row.branchId,
    branchName: must(ref.branches, row.branchId, 'branch').name,
    status: row.status as ServiceRequestStatus,
    title: row.title,
    locationText: row.locationText,
    type: { id: row.typeId, code: type.code, name: type.name },
    priority: { id: row.priorityId, code: priority.code, name: priority.name, rank: priority.rank },
    assignee: row.assigneeId ? { id: row.assigneeId, name: row.assigneeName ?? '' } : null,
    requester: row.requesterId ? { id: row.requesterId, name: row.requesterName ?? '' } : null,
    scheduledDate: row.scheduledDate,
    scheduledFrom: row.scheduledFrom,
    scheduledTo: row.scheduledTo,
    responseDueAt: row.responseDueAt.toISOString(),
    resolutionDueAt: row.resolutionDueAt.toISOString(),
    overdue: Boolean(row.overdue),
    latitude: row.latitude,
    longitude: row.longitude,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: iso(row.completedAt),
  };
}

const CURSOR_SORTS: ReadonlySet<ServiceRequestSort> = new Set(['createdAt', '-createdAt']);
/** created_at in whole microseconds (exact in a cursor: a JS Date keeps only milliseconds). */
const createdMicros = sql<string>`(extract(epoch from ${serviceRequests.createdAt}) * 1000000)::bigint::text`;

function cursorCondition(sort: ServiceRequestSort, cursor: string): SQL {
  const [micros, id] = cursor.split('_') as [string, string];
  const at = sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;
  return sort === '-createdAt'
    ? sql`(${serviceRequests.createdAt}, ${serviceRequests.id}) < (${at}, ${id}::uuid)`
    : sql`(${serviceRequests.createdAt}, ${serviceRequests.id}) > (${at}, ${id}::uuid)`;
}

/**
 * The first step of a list (decision 029): the page's ids alone, from service_requests plus only
 * the joins a filter or the sort needs, so a deep OFFSET skips index entries rather than joined
 * rows; exported for the plan test (service-requests/list-plans.test.ts).
 */
export function listIdsQuery(db: Pick<Db, 'select'>, user: ScopeUser, query: ServiceRequestListQuery, scope: ResolvedScope) {
  if (query.cursor && !CURSOR_SORTS.has(query.sort)) throw badRequest({ cursor: [validationText('invalid')] });
  return orderedIds(db, user, query, scope, query.cursor ? cursorCondition(query.sort, query.cursor) : undefined)
    .limit(query.pageSize + 1)
    .offset(query.cursor ? 0 : pageOffset(query));
}

function orderedIds(db: Pick<Db, 'select'>, user: ScopeUser, query: ServiceRequestExportQuery, scope: ResolvedScope, after?: SQL) {
  let ids = db.select({ id: serviceRequests.id, cursorAt: createdMicros.as('cursor_at') }).from(serviceRequests).$dynamic();
  if (query.branchId) ids = ids.innerJoin(customers, eq(customers.id, serviceRequests.customerId));
  if (query.sort === 'priority' || query.sort === '-priority') ids = ids.innerJoin(serviceRequestPriorities, eq(serviceRequestPriorities.id, serviceRequests.priorityId));
  const id = query.sort === 'createdAt' ? asc(serviceRequests.id) : desc(serviceRequests.id);
  return ids.where(and(listConditions(user, query, scope), after)).orderBy(...sortExpressions[query.sort], id);
}

/** How many rows the filter matches, counting at most LIST_COUNT_CAP + 1 of them. */
export function cappedCountQuery(db: Pick<Db, 'select'>, user: ScopeUser, query: ServiceRequestExportQuery, scope: ResolvedScope) {
  let rows = db.select({ one: sql`1` }).from(serviceRequests).$dynamic();
  if (query.branchId) rows = rows.innerJoin(customers, eq(customers.id, serviceRequests.customerId));
  const capped = rows
    .where(listConditions(user, query, scope))
    .limit(LIST_COUNT_CAP + 1)
    .as('capped');
  return db.select({ n: count() }).from(capped);
}

/**
 * The rows of a page (or of a detail), joined only with what is not reference data: the customer's
 * name and branch and the people's names. Types, priorities and branch names come from the
 * reference cache (db/reference-cache.ts, decision 033).
 */
const rowColumns = {
  id: serviceRequests.id,
  number: serviceRequests.number,
  customerId: serviceRequests.customerId,
  customerName: customers.name,
  branchId: customers.branchId,
  status: serviceRequests.status,
  title: serviceRequests.title,
  locationText: serviceRequests.locationText,
  typeId: serviceRequests.typeId,
  priorityId: serviceRequests.priorityId,
  assigneeId: serviceRequests.assigneeId,
  assigneeName: fullName(assignee),
  requesterId: serviceRequests.requesterId,
  requesterName: fullName(requester),
  scheduledDate: serviceRequests.scheduledDate,
  scheduledFrom: serviceRequests.scheduledFrom,
  scheduledTo: serviceRequests.scheduledTo,
  responseDueAt: serviceRequests.responseDueAt,
  resolutionDueAt: serviceRequests.resolutionDueAt,
  overdue: overdueCondition,
  latitude: serviceRequests.latitude,
  longitude: serviceRequests.longitude,
  createdAt: serviceRequests.createdAt,
  updatedAt: serviceRequests.updatedAt,
  completedAt: serviceRequests.completedAt,
};
type RowOf = Omit<SummaryRow, 'branchName' | 'typeCode' | 'typeName' | 'priorityCode' | 'priorityName' | 'priorityRank'>;

function rowSelect<T extends Record<string, unknown>>(db: Db, columns: T) {
  return db
    .select(columns as never)
    .from(serviceRequests)
    .innerJoin(customers, eq(customers.id, serviceRequests.customerId))
    .leftJoin(assignee, eq(assignee.id, serviceRequests.assigneeId))
    .leftJoin(requester, eq(requester.id, serviceRequests.requesterId));
}

/** Reference data holding every type, priority and branch the rows name. */
function referenceFor(db: Db, user: ScopeCaller, rows: readonly RowOf[]): Promise<ReferenceData> {
  return referenceDataWith(db, user.epochs, (ref) => rows.every((row) => ref.types.has(row.typeId) && ref.priorities.has(row.priorityId) && ref.branches.has(row.branchId)));
}

function withReference(row: RowOf, ref: ReferenceData): SummaryRow {
  const type = must(ref.types, row.typeId, 'service-request type');
  const priority = must(ref.priorities, row.priorityId, 'priority');
  return {
    ...row,
    branchName: must(ref.branches, row.branchId, 'branch').name,
    typeCode: type.code,
    typeName: type.name,
    priorityCode: priority.code,
    priorityName: priority.name,
    priorityRank: priority.rank,
  };
}

/** No filter, sorted by creation: the list as it first opens, and its keyset pages. */
function isPlainList(query: ServiceRequestListQuery): query is ServiceRequestListQuery & { sort: 'createdAt' | '-createdAt' } {
  return (
    CURSOR_SORTS.has(query.sort) &&
    !query.status?.length &&
    !query.priorityId?.length &&
    !query.typeId?.length &&
    !query.customerId &&
    !query.branchId &&
    !query.assigneeId &&
    query.overdue === undefined &&
    query.unassigned === undefined &&
    query.mine === undefined &&
    query.open === undefined &&
    !query.view &&
    !query.createdFrom &&
    !query.createdTo &&
    !query.search
  );
}

/**
 * A page's rows joined to its ids (decision 043): `page` is the ids subquery (ids first, with the
 * LIMIT/OFFSET or keyset condition, so a deep page skips index entries, not joined rows); the
 * outer query fetches only those rows and orders them as the ids were ordered (same expressions,
 * same tie-break). One statement instead of ids then rows.
 */
function rowsOfPage<P extends { id: AnyColumn; cursorAt: unknown; n?: unknown }>(db: Pick<Db, 'select'>, page: P & object, sort: ServiceRequestSort) {
  let rows = db
    .select({ ...rowColumns, cursorAt: page.cursorAt as SQL.Aliased<string>, ...(page.n ? { n: page.n as SQL.Aliased<number> } : {}) } as typeof rowColumns & { cursorAt: SQL.Aliased<string>; n: SQL.Aliased<number> })
    .from(page as never)
    .innerJoin(serviceRequests, eq(serviceRequests.id, page.id))
    .innerJoin(customers, eq(customers.id, serviceRequests.customerId))
    .leftJoin(assignee, eq(assignee.id, serviceRequests.assigneeId))
    .leftJoin(requester, eq(requester.id, serviceRequests.requesterId))
    .$dynamic();
  if (sort === 'priority' || sort === '-priority') rows = rows.innerJoin(serviceRequestPriorities, eq(serviceRequestPriorities.id, serviceRequests.priorityId));
  return rows.orderBy(...sortExpressions[sort], sort === 'createdAt' ? asc(serviceRequests.id) : desc(serviceRequests.id));
}

/**
 * The plain list's page as prepared statements (decisions 033, 040, 043): one per scope kind
 * (everyone's or `customer_id = ANY($scope)`), direction and paging (OFFSET or after a cursor). The
 * ids subquery is the SQL `listIdsQuery` builds for that query, with the values as placeholders;
 * it carries the capped count (an uncorrelated subquery, run once) and the rows are joined to it.
 */
function plainPageStatement(db: Db, scoped: boolean, sort: 'createdAt' | '-createdAt', afterCursor: boolean) {
  const name = `sr_page_${scoped ? 'scoped' : 'all'}_${sort === '-createdAt' ? 'desc' : 'asc'}_${afterCursor ? 'after' : 'offset'}`;
  return prepared(db, name, (db, name) => {
    const at = sql`(timestamptz 'epoch' + ${sql.placeholder('afterMicros')}::bigint * interval '1 microsecond')`;
    const after = afterCursor
      ? sort === '-createdAt'
        ? sql`(${serviceRequests.createdAt}, ${serviceRequests.id}) < (${at}, ${sql.placeholder('afterId')}::uuid)`
        : sql`(${serviceRequests.createdAt}, ${serviceRequests.id}) > (${at}, ${sql.placeholder('afterId')}::uuid)`
      : undefined;
    const scope = scoped ? sql`${serviceRequests.customerId} = any(${sql.placeholder('scope')}::uuid[])` : undefined;
    const id = sort === 'createdAt' ? asc(serviceRequests.id) : desc(serviceRequests.id);
    const page = db
      .select({ id: serviceRequests.id, cursorAt: createdMicros.as('cursor_at'), n: sql<number>`(${plainCountQuery(db, scoped)})`.as('n') })
      .from(serviceRequests)
      .where(and(scope, after))
      .orderBy(...sortExpressions[sort], id)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    return rowsOfPage(db, page, sort).prepare(name);
  });
}

/** The plain list's capped count (the SQL of `cappedCountQuery`). */
function plainCountQuery(db: Db, scoped: boolean) {
  const capped = db
    .select({ one: sql`1` })
    .from(serviceRequests)
    .where(scoped ? sql`${serviceRequests.customerId} = any(${sql.placeholder('scope')}::uuid[])` : undefined)
    .limit(LIST_COUNT_CAP + 1)
    .as('capped');
  return db.select({ n: count() }).from(capped);
}

/** The capped count alone, for a page with no row to carry it (past the end). */
function plainCountStatement(db: Db, scoped: boolean) {
  return prepared(db, `sr_count_${scoped ? 'scoped' : 'all'}`, (db, name) => plainCountQuery(db, scoped).prepare(name));
}

/**
 * One page of the requests in the caller's scope: the scope resolved to customer ids (cached per
 * session), the page's ids (OFFSET for page numbers, keyset with `cursor`), then those rows with
 * the few joins that are not reference data. The ids are read with one row of look-ahead: a page
 * with nothing after it gives its total without a count; otherwise the total is exact up to
 * LIST_COUNT_CAP ("more than" past it), and a search is not counted (lib/paging.ts `pageTotal`,
 * decision 037). The list as it first opens and
 * its keyset pages run as prepared statements; filtered lists are built per call.
 */
export async function listRequests(db: Db, user: ScopeCaller, query: ServiceRequestListQuery): Promise<Page<ServiceRequestSummary>> {
  if (query.cursor && !CURSOR_SORTS.has(query.sort)) throw badRequest({ cursor: [validationText('invalid')] });
  const scope = await resolveCustomerScope(db, user);
  let pageRows: PageRow[];
  let countRows: () => Promise<{ n: number }[]>;
  if (scope !== 'all' && scope.length === 0) {
    pageRows = [];
    countRows = async () => [{ n: 0 }];
  } else if (isPlainList(query)) {
    const scoped = scope !== 'all';
    const [afterMicros, afterId] = query.cursor ? (query.cursor.split('_') as [string, string]) : [];
    // Page, rows and capped count in one statement (decision 043); the count travels on each row.
    pageRows = (await plainPageStatement(db, scoped, query.sort, Boolean(query.cursor)).execute({
      scope: scoped ? uuidList(scope) : undefined,
      afterMicros,
      afterId,
      limit: query.pageSize + 1,
      offset: query.cursor ? 0 : pageOffset(query),
    }));
    // A page past the end has no row to carry the count: its own statement then.
    const carried = pageRows[0]?.n;
    countRows = async () => (carried == null ? plainCountStatement(db, scoped).execute({ scope: scoped ? uuidList(scope) : undefined }) : [{ n: Number(carried) }]);
  } else {
    // A filtered list is built per call: its ids subquery joined to its rows, the capped count
    // after it when the page needs one.
    pageRows = (await rowsOfPage(db, listIdsQuery(db, user, query, scope).as('page'), query.sort));
    countRows = () => cappedCountQuery(db, user, query, scope);
  }
  // One row of look-ahead: a page with nothing after it is the last, and its total is known.
  const hasMore = pageRows.length > query.pageSize;
  if (hasMore) pageRows = pageRows.slice(0, query.pageSize);
  // A search is not counted: its trigram bitmap is built whole before a first row (decision 037).
  const needsCount = !query.search && (hasMore || Boolean(query.cursor) || pastTheEnd(query, pageRows.length));
  const [ref, counted] = await Promise.all([referenceFor(db, user, pageRows), needsCount ? countRows() : Promise.resolve(undefined)]);
  const last = pageRows.at(-1);
  return {
    data: pageRows.map((row) => toSummary(row, ref)),
    ...pageTotal(query, pageRows.length, hasMore, counted?.[0]?.n),
    page: query.page,
    pageSize: query.pageSize,
    nextCursor: CURSOR_SORTS.has(query.sort) && last && hasMore ? `${last.cursorAt}_${last.id}` : null,
  };
}

type PageRow = RowOf & { cursorAt: string; n?: number | string | null };

/** A timestamp as the text `Date#toISOString()` writes (UTC, milliseconds), made by the database. */
const isoText = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The export's columns: only what the CSV writes, timestamps already as text. Each row stays a
 * flat object of strings — no Date parsing, no nested summary — because a 100,000-row export
 * allocates per row, and what is alive while a batch waits for the database is promoted by V8 and
 * grows the server's memory until the next full collection (decision 034).
 */
const exportColumns = {
  id: serviceRequests.id,
  number: serviceRequests.number,
  customerName: customers.name,
  status: serviceRequests.status,
  priorityName: serviceRequestPriorities.name,
  typeName: serviceRequestTypes.name,
  title: serviceRequests.title,
  locationText: serviceRequests.locationText,
  assigneeName: fullName(assignee),
  requesterName: fullName(requester),
  createdAt: isoText(serviceRequests.createdAt),
  scheduledDate: serviceRequests.scheduledDate,
  responseDueAt: isoText(serviceRequests.responseDueAt),
  resolutionDueAt: isoText(serviceRequests.resolutionDueAt),
  overdue: overdueCondition,
  completedAt: isoText(serviceRequests.completedAt),
};

export interface ServiceRequestExportRow {
  id: string;
  number: string;
  customerName: string;
  status: ServiceRequestStatus;
  priorityName: string;
  typeName: string;
  title: string;
  locationText: string | null;
  assigneeName: string | null;
  requesterName: string | null;
  createdAt: string;
  scheduledDate: string | null;
  responseDueAt: string;
  resolutionDueAt: string;
  overdue: boolean;
  completedAt: string | null;
}

/**
 * Every row of the filter for the CSV export (no cap), in batches with flat memory: the ordered ids
 * through a server-side cursor (lib/cursor.ts), each batch's rows loaded by id; `onRows` gets each
 * batch in order and may wait (backpressure). Returns the row count.
 */
export async function exportRequests(
  db: Db,
  kind: DatabaseKind,
  user: ScopeUser,
  query: ServiceRequestExportQuery,
  onRows: (rows: ServiceRequestExportRow[]) => Promise<void>,
  batchSize = EXPORT_BATCH,
): Promise<number> {
  const scope = await resolveCustomerScope(db, user);
  const ids = orderedIds(db, user, query, scope);
  return forEachIdBatch(
    db,
    kind,
    ids,
    async (batch) => {
      const rows = (await baseSelect(db, exportColumns).where(inArray(serviceRequests.id, batch))) as unknown as ServiceRequestExportRow[];
      const byId = new Map(rows.map((row) => [row.id, row]));
      await onRows(batch.flatMap((id) => byId.get(id) ?? []));
    },
    batchSize,
  );
}

const EXPORT_BATCH = 500;

/** Requests with a point on the customer's map (the caller has been checked for the customer). */
export async function mapPins(db: Db, customerId: string): Promise<ServiceRequestPin[]> {
  const rows = await db
    .select({
      id: serviceRequests.id,
      number: serviceRequests.number,
      title: serviceRequests.title,
      status: serviceRequests.status,
      lat: serviceRequests.latitude,
      lng: serviceRequests.longitude,
    })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.customerId, customerId), isNotNull(serviceRequests.latitude), isNotNull(serviceRequests.longitude)))
    .orderBy(desc(serviceRequests.createdAt))
    .limit(1000);
  return rows.map((row) => ({ ...row, status: row.status, lat: row.lat!, lng: row.lng! }));
}

/** The facts the policy and the commands need, or 404 when missing or out of scope. */
export async function loadRequestForUpdate(tx: Pick<Db, 'select'>, user: ScopeUser, id: string) {
  const [row] = await tx
    .select({
      request: serviceRequests,
      customerName: customers.name,
      accountManagerId: customers.accountManagerId,
      timeZone: branches.timeZone,
      priority: serviceRequestPriorities,
    })
    .from(serviceRequests)
    .innerJoin(customers, eq(customers.id, serviceRequests.customerId))
    .innerJoin(branches, eq(branches.id, customers.branchId))
    .innerJoin(serviceRequestPriorities, eq(serviceRequestPriorities.id, serviceRequests.priorityId))
    .where(and(eq(serviceRequests.id, id), customerIdInScope(user, serviceRequests.customerId)))
    .for('update', { of: serviceRequests })
    .limit(1);
  if (!row) throw notFound();
  return row;
}
export type LoadedRequest = Awaited<ReturnType<typeof loadRequestForUpdate>>;

type FileRow = typeof files.$inferSelect;

function toAttachment(file: FileRow): ServiceRequestAttachment {
  return {
    id: file.id,
    kind: file.kind === 'photo' ? 'photo' : 'file',
    name: file.originalName,
    mimeType: file.mimeType,
    size: file.sizeBytes,
    url: contentUrl(file.id),
    thumbnailUrl: file.variants.thumb ? contentUrl(file.id, 'thumb') : null,
  };
}

/** Attached files of the given owners, one prepared statement. */
const filesOf = (db: Db) =>
  prepared(db, 'sr_files_of', (db, name) =>
    db
      .select()
      .from(files)
      .where(and(eq(files.ownerType, sql.placeholder('ownerType')), sql`${files.ownerId} = any(${sql.placeholder('ownerIds')}::uuid[])`, isNotNull(files.attachedAt)))
      .orderBy(asc(files.createdAt), asc(files.id))
      .prepare(name),
  );

async function attachmentsOf(db: Db, ownerType: string, ownerIds: readonly string[]): Promise<Map<string, ServiceRequestAttachment[]>> {
  const byOwner = new Map<string, ServiceRequestAttachment[]>();
  if (ownerIds.length === 0) return byOwner;
  const rows = await filesOf(db).execute({ ownerType, ownerIds: uuidList(ownerIds) });
  for (const row of rows) {
    const list = byOwner.get(row.ownerId!) ?? [];
    list.push(toAttachment(row));
    byOwner.set(row.ownerId!, list);
  }
  return byOwner;
}

const detailColumns = {
  ...rowColumns,
  description: serviceRequests.description,
  zoneId: serviceRequests.zoneId,
  preferredContact: serviceRequests.preferredContact,
  createdById: serviceRequests.createdById,
  createdByName: fullName(creator),
  acknowledgedAt: serviceRequests.acknowledgedAt,
  scheduledAt: serviceRequests.scheduledAt,
  startedAt: serviceRequests.startedAt,
  closedAt: serviceRequests.closedAt,
  cancelledAt: serviceRequests.cancelledAt,
  cancelReason: serviceRequests.cancelReason,
  reopenedAt: serviceRequests.reopenedAt,
  reopenCount: serviceRequests.reopenCount,
};

/** A request by id, whoever asks: the scope is checked on the row's customer (the cached scope). */
const detailById = (db: Db) =>
  prepared(db, 'sr_detail_by_id', (db, name) =>
    rowSelect(db, detailColumns)
      .leftJoin(creator, eq(creator.id, serviceRequests.createdById))
      .where(eq(serviceRequests.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  );

const author = alias(users, 'author');
/** The timeline of a request: every entry for staff, `all` entries for customer-side users. */
const timelineOf = (db: Db, staff: boolean) =>
  prepared(db, staff ? 'sr_timeline_staff' : 'sr_timeline_customer', (db, name) =>
    db
      .select({
        event: serviceRequestEvents,
        authorName: fullName(author),
        authorRoles: author.roles,
      })
      .from(serviceRequestEvents)
      .leftJoin(author, eq(author.id, serviceRequestEvents.authorId))
      .where(and(eq(serviceRequestEvents.requestId, sql.placeholder('id')), staff ? undefined : eq(serviceRequestEvents.visibility, 'all')))
      .orderBy(asc(serviceRequestEvents.createdAt), asc(serviceRequestEvents.seq))
      .prepare(name),
  );

type DetailRow = RowOf & {
  description: string;
  zoneId: string | null;
  preferredContact: string;
  createdById: string | null;
  createdByName: string | null;
  acknowledgedAt: Date | null;
  scheduledAt: Date | null;
  startedAt: Date | null;
  closedAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
  reopenedAt: Date | null;
  reopenCount: number;
};

/**
 * A request with its attachments and timeline, or 404 outside the caller's scope (or malformed).
 * Customer-side users get only `all` entries: internal notes never leave the server for them.
 * Prepared statements throughout; the scope is the caller's resolved (cached) customer ids.
 */
export async function getRequestDetail(db: Db, user: ScopeCaller, id: string): Promise<ServiceRequestDetail> {
  if (!UUID.test(id)) throw notFound();
  const [scope, found] = await Promise.all([resolveCustomerScope(db, user), detailById(db).execute({ id }) as Promise<DetailRow[]>]);
  const loaded = found[0];
  if (!loaded || (scope !== 'all' && !scope.includes(loaded.customerId))) throw notFound();
  const staff = isStaffUser(user);
  const [ref, events] = await Promise.all([referenceFor(db, user, [loaded]), timelineOf(db, staff).execute({ id })]);
  const row = withReference(loaded, ref) as SummaryRow & DetailRow;

  const [requestFiles, eventFiles] = await Promise.all([
    attachmentsOf(db, REQUEST_OWNER, [id]),
    attachmentsOf(
      db,
      EVENT_OWNER,
      events.map((e) => e.event.id),
    ),
  ]);

  const timeline: TimelineEntry[] = events.map(({ event, authorName, authorRoles }) => ({
    id: event.id,
    kind: event.kind,
    visibility: event.visibility === 'staff' ? 'staff' : 'all',
    author: event.authorId ? { id: event.authorId, name: authorName ?? '', isStaff: isStaffUser({ roles: (authorRoles ?? []) as AuthUser['roles'] }) } : null,
    text: event.text,
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    data: event.data,
    attachments: eventFiles.get(event.id) ?? [],
    createdAt: event.createdAt.toISOString(),
  }));

  const status = row.status as ServiceRequestStatus;
  const summary = toSummary(loaded, ref);
  const completedAt = row.completedAt;
  return {
    ...summary,
    description: row.description,
    zoneId: row.zoneId,
    preferredContact: row.preferredContact as PreferredContact,
    createdBy: row.createdById ? { id: row.createdById, name: row.createdByName ?? '' } : null,
    acknowledgedAt: iso(row.acknowledgedAt),
    scheduledAt: iso(row.scheduledAt),
    startedAt: iso(row.startedAt),
    closedAt: iso(row.closedAt),
    cancelledAt: iso(row.cancelledAt),
    cancelReason: row.cancelReason,
    reopenedAt: iso(row.reopenedAt),
    reopenCount: row.reopenCount,
    reopenUntil: completedAt && (status === 'completed' || status === 'closed') ? reopenDeadline(completedAt).toISOString() : null,
    allowedActions: allowedActions(user, { status, requesterId: row.requesterId, completedAt }),
    attachments: requestFiles.get(id) ?? [],
    timeline,
  };
}
