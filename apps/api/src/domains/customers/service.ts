import { and, asc, count, desc, eq, ilike, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  OPEN_SERVICE_REQUEST_STATUSES,
  hasStaffRole,
  type CustomerDetail,
  type CustomerDetailResponse,
  type CustomerListQuery,
  type CustomerSort,
  type CustomerSummary,
  type CustomerTeamMember,
  type CustomerViewDetail,
  type Page,
} from '@grove/shared';
import { pageOffset } from '../../lib/paging.js';
import type { Db } from '../../db/client.js';
import { prepared, uuidList } from '../../db/prepared.js';
import { must, referenceDataWith } from '../../db/reference-cache.js';
import { branches, customerTeam, customers, regions, serviceRequests, users } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { canManagePortal } from './portal-managers.js';
import { activeLinkRoles } from './portal-managers.js';
import { customerIdInResolvedScope, customerScopeCondition, linkedCustomerCondition, onTeamCondition, resolveCustomerScope, type ResolvedScope, type ScopeCaller, type ScopeUser } from '../scope/index.js';
import { customerEditRight } from './policy.js';

export const manager = alias(users, 'account_manager');

/** Escapes LIKE wildcards so a search for "50%" finds the text, not everything. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// Byte-order collation so PGlite and PostgreSQL (whatever its locale) sort the same way.
export const sortExpressions: Record<CustomerSort, SQL[]> = {
  name: [asc(sql`lower(${customers.name}) collate "C"`), asc(customers.id)],
  '-name': [desc(sql`lower(${customers.name}) collate "C"`), desc(customers.id)],
  accountNumber: [asc(sql`${customers.accountNumber} collate "C"`), asc(customers.id)],
  '-accountNumber': [desc(sql`${customers.accountNumber} collate "C"`), desc(customers.id)],
  createdAt: [asc(customers.createdAt), asc(customers.id)],
  '-createdAt': [desc(customers.createdAt), desc(customers.id)],
};

/** The searched columns joined as `customers_search_trgm_idx` indexes them (decision 047). */
const searchText = sql`(${customers.name} || ' ' || ${customers.accountNumber} || ' ' || ${customers.addressLine1} || ' ' || ${customers.city})`;

export function listConditions(user: ScopeUser, query: Omit<CustomerListQuery, 'page' | 'pageSize'>, scope?: ResolvedScope): SQL | undefined {
  const conditions: SQL[] = [scope ? customerIdInResolvedScope(scope, customers.id) : customerScopeCondition(user)];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      // The joined text holds every match of the four columns (and a few across their seams), so
      // the trigram index on it narrows the rows; the four ILIKEs below keep the answer exact.
      sql`${searchText} ilike ${pattern}`,
      or(
        ilike(customers.name, pattern),
        ilike(customers.accountNumber, pattern),
        ilike(customers.addressLine1, pattern),
        ilike(customers.city, pattern),
      )!,
    );
  }
  if (query.status) conditions.push(eq(customers.status, query.status));
  if (query.type) conditions.push(eq(customers.type, query.type));
  if (query.regionId) conditions.push(eq(customers.regionId, query.regionId));
  if (query.branchId) conditions.push(eq(customers.branchId, query.branchId));
  if (query.accountManagerId) conditions.push(eq(customers.accountManagerId, query.accountManagerId));
  if (query.mine) conditions.push(or(onTeamCondition(user), linkedCustomerCondition(user))!);
  return and(...conditions);
}

export const summaryColumns = {
  id: customers.id,
  name: customers.name,
  accountNumber: customers.accountNumber,
  type: customers.type,
  status: customers.status,
  addressLine1: customers.addressLine1,
  city: customers.city,
  state: customers.state,
  postalCode: customers.postalCode,
  regionId: customers.regionId,
  regionName: regions.name,
  branchId: customers.branchId,
  branchName: branches.name,
  accountManagerId: customers.accountManagerId,
  accountManagerName: sql<string | null>`nullif(trim(concat_ws(' ', ${manager.firstName}, ${manager.lastName})), '')`,
  // Per row, through the (customer_id, created_at) index: only a page of rows is counted.
  openRequestCount: sql<number>`(select count(*)::int from ${serviceRequests} where ${serviceRequests.customerId} = ${customers.id} and ${inArray(serviceRequests.status, OPEN_SERVICE_REQUEST_STATUSES)})`,
};

const { openRequestCount: _perRowCount, ...pageColumns } = summaryColumns;

/**
 * Open requests per customer for the given ids only (the partial index on open requests), never a
 * per-row subquery: with OFFSET that subquery ran for every skipped row too (issue 15).
 */
export async function openRequestCounts(db: Pick<Db, 'select'>, customerIds: readonly string[]): Promise<Map<string, number>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select({ customerId: serviceRequests.customerId, n: count() })
    .from(serviceRequests)
    .where(and(inArray(serviceRequests.customerId, [...customerIds]), inArray(serviceRequests.status, OPEN_SERVICE_REQUEST_STATUSES)))
    .groupBy(serviceRequests.customerId);
  return new Map(rows.map((row) => [row.customerId, row.n]));
}

const { regionName: _regionName, branchName: _branchName, ...ownColumns } = pageColumns;

/** No filter: the list as it first opens (any sort). */
function isPlainList(query: CustomerListQuery): boolean {
  return !query.search && !query.status && !query.type && !query.regionId && !query.branchId && !query.accountManagerId && !query.mine;
}

/**
 * The plain list's page as a prepared statement (decisions 033, 040, 043), per scope kind and sort:
 * the page's ids (LIMIT/OFFSET over customers alone, carrying the list's total — an uncorrelated
 * subquery PostgreSQL runs once per statement), then only those rows joined with the account
 * manager's name and each row's open-request count (a subquery per page row, through the partial
 * index on open requests: never for an OFFSET-skipped row). Region and branch names come from the
 * reference cache. Page, total and counts in one round trip; a page past the end has no row to
 * carry the total: `plainTotalStatement` then.
 */
function plainPageStatement(db: Db, scoped: boolean, sort: CustomerSort) {
  return prepared(db, `cu_page_counts_${scoped ? 'scoped' : 'all'}_${sort}`, (db, name) =>
    pageStatement(
      db,
      scoped ? sql`${customers.id} = any(${sql.placeholder('scope')}::uuid[])` : undefined,
      sort,
      sql.placeholder('limit'),
      sql.placeholder('offset'),
    ).prepare(name),
  );
}

/**
 * Page ids with the total, then the page's rows: the plain list's prepared shape, built per call for
 * a filtered list or a search (decision 047), so a search is one statement too.
 */
function pageStatement(db: Pick<Db, 'select'>, where: SQL | undefined, sort: CustomerSort, limit: number | Placeholder, offset: number | Placeholder) {
  const total = db.select({ total: count() }).from(customers).where(where);
  const page = db
    .select({ id: sql<string>`${customers.id}`.as('page_id'), total: sql<number>`(${total})`.as('total') })
    .from(customers)
    .where(where)
    .orderBy(...sortExpressions[sort])
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .select({ ...ownColumns, total: page.total, openRequestCount })
    .from(page)
    .innerJoin(customers, eq(customers.id, page.id))
    .leftJoin(manager, eq(manager.id, customers.accountManagerId))
    .orderBy(...sortExpressions[sort]);
}

/** Open requests of one customer row (through the partial index on open requests). */
const openRequestCount = sql<number>`(select count(*)::int from ${serviceRequests} where ${serviceRequests.customerId} = ${customers.id} and ${serviceRequests.status} in (${sql.raw(OPEN_SERVICE_REQUEST_STATUSES.map((s) => `'${s}'`).join(','))}))`;

function plainTotalStatement(db: Db, scoped: boolean) {
  return prepared(db, `cu_total_${scoped ? 'scoped' : 'all'}`, (db, name) =>
    db
      .select({ total: count() })
      .from(customers)
      .where(scoped ? sql`${customers.id} = any(${sql.placeholder('scope')}::uuid[])` : undefined)
      .prepare(name),
  );
}

/**
 * One page of the customers in the user's scope. OFFSET paging: customers are human-sized (a few
 * thousand), so the total stays exact; the scope is the caller's resolved (cached) customer ids.
 * Page, total and the page's open-request counts in one statement: prepared for the list as it first
 * opens, built per call for a filter or a search.
 */
export async function listCustomers(db: Db, user: ScopeCaller, query: CustomerListQuery): Promise<Page<CustomerSummary>> {
  const scope = await resolveCustomerScope(db, user);
  if (scope !== 'all' && scope.length === 0) return { data: [], total: 0, page: query.page, pageSize: query.pageSize };
  const plain = isPlainList(query);
  const scoped = scope !== 'all';
  const values = { scope: scoped ? uuidList(scope) : undefined, limit: query.pageSize, offset: pageOffset(query) };
  const where = plain ? undefined : listConditions(user, query, scope);
  const own = plain
    ? await plainPageStatement(db, scoped, query.sort).execute(values)
    : await pageStatement(db, where, query.sort, values.limit, values.offset);
  // A page past the end has no row to carry the total.
  const recount = () => (plain ? plainTotalStatement(db, scoped).execute(values) : db.select({ total: count() }).from(customers).where(where));
  const [ref, totals] = await Promise.all([
    referenceDataWith(db, user.epochs, (ref) => own.every((row) => ref.regions.has(row.regionId) && ref.branches.has(row.branchId))),
    own.length === 0 ? recount() : Promise.resolve([{ total: Number(own[0]!.total) }]),
  ]);
  const rows: CustomerSummary[] = own.map(({ total: _total, ...row }) => ({
    ...row,
    regionName: must(ref.regions, row.regionId, 'region').name,
    branchName: must(ref.branches, row.branchId, 'branch').name,
    openRequestCount: Number(row.openRequestCount),
  }));
  return { data: rows, total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

/** The staff on a customer's team, account managers first. */
export async function loadTeam(db: Db, customerId: string): Promise<CustomerTeamMember[]> {
  return db
    .select({
      userId: users.id,
      name: sql<string>`trim(concat_ws(' ', ${users.firstName}, ${users.lastName}))`,
      teamRole: customerTeam.teamRole,
      email: users.email,
      phone: users.phone,
      title: users.title,
      photoFileId: users.photoFileId,
    })
    .from(customerTeam)
    .innerJoin(users, eq(users.id, customerTeam.userId))
    .where(eq(customerTeam.customerId, customerId))
    .orderBy(asc(customerTeam.teamRole), asc(users.lastName), asc(users.firstName));
}

/**
 * A customer with its team, or 404 when it does not exist or is outside the user's scope. Staff get
 * every field and what they may do; customer users get the customer view, without internal data
 * (notes, contract dates, region/branch ids): picked field by field, so nothing else can slip out.
 */
export async function getCustomer(db: Db, user: ScopeUser, id: string): Promise<CustomerDetailResponse> {
  const [row] = await db
    .select({
      ...summaryColumns,
      addressLine2: customers.addressLine2,
      latitude: customers.latitude,
      longitude: customers.longitude,
      contractStart: customers.contractStart,
      contractEnd: customers.contractEnd,
      serviceDays: customers.serviceDays,
      propertySizeAcres: customers.propertySizeAcres,
      notes: customers.notes,
      branchTimeZone: branches.timeZone,
      photoFileId: customers.photoFileId,
    })
    .from(customers)
    .innerJoin(regions, eq(regions.id, customers.regionId))
    .innerJoin(branches, eq(branches.id, customers.branchId))
    .leftJoin(manager, eq(manager.id, customers.accountManagerId))
    .where(and(eq(customers.id, id), customerScopeCondition(user)))
    .limit(1);
  if (!row) throw notFound();
  const team = await loadTeam(db, id);
  if (hasStaffRole(user.roles)) {
    const edit = await customerEditRight(db, user, id);
    const permissions = { edit, editSettings: edit === 'all', editMap: edit !== 'none', managePortal: edit !== 'none', manageTeam: edit !== 'none' };
    return { view: 'staff', ...(row as Omit<CustomerDetail, 'team' | 'view' | 'permissions'>), team, permissions };
  }
  const view: CustomerViewDetail = {
    view: 'customer',
    id: row.id,
    name: row.name,
    accountNumber: row.accountNumber,
    type: row.type,
    status: row.status,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    latitude: row.latitude,
    longitude: row.longitude,
    branchName: row.branchName,
    branchTimeZone: row.branchTimeZone,
    accountManagerName: row.accountManagerName,
    serviceDays: row.serviceDays,
    propertySizeAcres: row.propertySizeAcres,
    photoFileId: row.photoFileId,
    openRequestCount: row.openRequestCount,
    team,
    myRoles: (await activeLinkRoles(db, user.id, id)) ?? [],
    permissions: { managePortal: await canManagePortal(db, user, id) },
  };
  return view;
}
