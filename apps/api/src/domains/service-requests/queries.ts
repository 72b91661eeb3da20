import { and, type AnyColumn, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  OPEN_SERVICE_REQUEST_STATUSES,
  SERVICE_REQUEST_LIMITS,
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
  type TimelineKind,
} from '@grove/shared';
import { pageOffset } from '../../lib/paging.js';
import type { Db } from '../../db/client.js';
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
import { notFound } from '../../http/errors.js';
import { contentUrl } from '../files/index.js';
import { customerIdInScope, type ScopeUser } from '../scope/index.js';
import { allowedActions, isStaffUser } from './policy.js';
import { reopenDeadline } from './state-machine.js';

export const REQUEST_OWNER = 'service_request';
export const EVENT_OWNER = 'service_request_event';

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
export function listConditions(user: ScopeUser, query: ServiceRequestExportQuery): SQL {
  const conditions: SQL[] = [customerIdInScope(user, serviceRequests.customerId)];
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

const summaryColumns = {
  id: serviceRequests.id,
  number: serviceRequests.number,
  customerId: serviceRequests.customerId,
  customerName: customers.name,
  branchId: customers.branchId,
  branchName: branches.name,
  status: serviceRequests.status,
  title: serviceRequests.title,
  locationText: serviceRequests.locationText,
  typeId: serviceRequestTypes.id,
  typeCode: serviceRequestTypes.code,
  typeName: serviceRequestTypes.name,
  priorityId: serviceRequestPriorities.id,
  priorityCode: serviceRequestPriorities.code,
  priorityName: serviceRequestPriorities.name,
  priorityRank: serviceRequestPriorities.rank,
  assigneeId: serviceRequests.assigneeId,
  assigneeName: fullName(assignee),
  requesterId: serviceRequests.requesterId,
  requesterName: fullName(requester),
  scheduledDate: serviceRequests.scheduledDate,
  responseDueAt: serviceRequests.responseDueAt,
  resolutionDueAt: serviceRequests.resolutionDueAt,
  overdue: overdueCondition,
  latitude: serviceRequests.latitude,
  longitude: serviceRequests.longitude,
  createdAt: serviceRequests.createdAt,
  updatedAt: serviceRequests.updatedAt,
  completedAt: serviceRequests.completedAt,
};

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

function toSummary(row: SummaryRow): ServiceRequestSummary {
  return {
    id: row.id,
    number: row.number,
    customerId: row.customerId,
    customerName: row.customerName,
    branchId: row.branchId,
    branchName: row.branchName,
    status: row.status as ServiceRequestStatus,
    title: row.title,
    locationText: row.locationText,
    type: { id: row.typeId, code: row.typeCode, name: row.typeName },
    priority: { id: row.priorityId, code: row.priorityCode, name: row.priorityName, rank: row.priorityRank },
    assignee: row.assigneeId ? { id: row.assigneeId, name: row.assigneeName ?? '' } : null,
    requester: row.requesterId ? { id: row.requesterId, name: row.requesterName ?? '' } : null,
    scheduledDate: row.scheduledDate,
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

/** One page of the requests in the caller's scope. OFFSET paging: pages are small (max 100). */
export async function listRequests(db: Db, user: ScopeUser, query: ServiceRequestListQuery): Promise<Page<ServiceRequestSummary>> {
  const where = listConditions(user, query);
  const [rows, totals] = await Promise.all([
    baseSelect(db, summaryColumns)
      .where(where)
      .orderBy(...sortExpressions[query.sort], desc(serviceRequests.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db
      .select({ total: count() })
      .from(serviceRequests)
      .innerJoin(customers, eq(customers.id, serviceRequests.customerId))
      .where(where),
  ]);
  return {
    data: (rows as unknown as SummaryRow[]).map(toSummary),
    total: totals[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Every row of the filter (capped) for the CSV export. */
export async function exportRequests(db: Db, user: ScopeUser, query: ServiceRequestExportQuery): Promise<ServiceRequestSummary[]> {
  const rows = await baseSelect(db, summaryColumns)
    .where(listConditions(user, query))
    .orderBy(...sortExpressions[query.sort], desc(serviceRequests.id))
    .limit(SERVICE_REQUEST_LIMITS.exportRows);
  return (rows as unknown as SummaryRow[]).map(toSummary);
}

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
  return rows.map((row) => ({ ...row, status: row.status as ServiceRequestStatus, lat: row.lat!, lng: row.lng! }));
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

async function attachmentsOf(db: Db, ownerType: string, ownerIds: readonly string[]): Promise<Map<string, ServiceRequestAttachment[]>> {
  const byOwner = new Map<string, ServiceRequestAttachment[]>();
  if (ownerIds.length === 0) return byOwner;
  const rows = await db
    .select()
    .from(files)
    .where(and(eq(files.ownerType, ownerType), inArray(files.ownerId, [...ownerIds]), isNotNull(files.attachedAt)))
    .orderBy(asc(files.createdAt), asc(files.id));
  for (const row of rows) {
    const list = byOwner.get(row.ownerId!) ?? [];
    list.push(toAttachment(row));
    byOwner.set(row.ownerId!, list);
  }
  return byOwner;
}

/**
 * A request with its attachments and timeline, or 404 outside the caller's scope. Customer-side
 * users get only `all` entries: internal notes never leave the server for them.
 */
export async function getRequestDetail(db: Db, user: Pick<AuthUser, 'id' | 'roles' | 'regionId' | 'branchId'>, id: string): Promise<ServiceRequestDetail> {
  const [row] = (await baseSelect(db, {
    ...summaryColumns,
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
  })
    .leftJoin(creator, eq(creator.id, serviceRequests.createdById))
    .where(and(eq(serviceRequests.id, id), customerIdInScope(user, serviceRequests.customerId)))
    .limit(1)) as unknown as (SummaryRow & {
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
  })[];
  if (!row) throw notFound();

  const staff = isStaffUser(user);
  const author = alias(users, 'author');
  const events = await db
    .select({
      event: serviceRequestEvents,
      authorName: fullName(author),
      authorRoles: author.roles,
    })
    .from(serviceRequestEvents)
    .leftJoin(author, eq(author.id, serviceRequestEvents.authorId))
    .where(and(eq(serviceRequestEvents.requestId, id), staff ? undefined : eq(serviceRequestEvents.visibility, 'all')))
    .orderBy(asc(serviceRequestEvents.createdAt), asc(serviceRequestEvents.seq));

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
    kind: event.kind as TimelineKind,
    visibility: event.visibility === 'staff' ? 'staff' : 'all',
    author: event.authorId ? { id: event.authorId, name: authorName ?? '', isStaff: isStaffUser({ roles: (authorRoles ?? []) as AuthUser['roles'] }) } : null,
    text: event.text,
    fromStatus: event.fromStatus as ServiceRequestStatus | null,
    toStatus: event.toStatus as ServiceRequestStatus | null,
    data: event.data,
    attachments: eventFiles.get(event.id) ?? [],
    createdAt: event.createdAt.toISOString(),
  }));

  const status = row.status as ServiceRequestStatus;
  const summary = toSummary(row);
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
