import { and, asc, count, desc, eq, inArray, isNotNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  hasStaffRole,
  parseRoles,
  type OrangeReportCustomerDetail,
  type OrangeReportDetail,
  type OrangeReportEvent,
  type OrangeReportListQuery,
  type OrangeReportPhoto,
  type OrangeReportPin,
  type OrangeReportSummary,
  type Page,
} from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerZones, customers, files, serviceRequests, users } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { cappedCount, cappedTotal, pageTotal, pastTheEnd } from '../../lib/paging.js';
import { contentUrl } from '../files/index.js';
import { customerIdInScope } from '../scope/index.js';
import { allowedActions, canSee, isReviewer, isStaff, reviewableCondition, visibleCondition, type Caller, type ReportFacts } from './policy.js';
import { orangeReportEvents, orangeReportPhotos, orangeReportRecommendations, orangeReports } from './tables.js';

type Reader = Pick<Db, 'select'>;

const author = alias(users, 'author');
const reviewer = alias(users, 'reviewer');
const acknowledger = alias(users, 'acknowledger');
const fullName = (table: { firstName: AnyColumn; lastName: AnyColumn }) => sql<string>`trim(concat_ws(' ', ${table.firstName}, ${table.lastName}))`;
const iso = (value: Date | null) => value?.toISOString() ?? null;
const STRIP = 4;

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const urgencyOrder = sql`array_position(array['safety','soon','routine']::text[], ${orangeReports.urgency})`;
const SORTS: Record<OrangeReportListQuery['sort'], SQL[]> = {
  createdAt: [asc(orangeReports.createdAt)],
  '-createdAt': [desc(orangeReports.createdAt)],
  submittedAt: [sql`${orangeReports.submittedAt} asc nulls last`],
  '-submittedAt': [sql`${orangeReports.submittedAt} desc nulls last`],
  number: [asc(sql`${orangeReports.number} collate "C"`)],
  '-number': [desc(sql`${orangeReports.number} collate "C"`)],
  urgency: [sql`${urgencyOrder} asc nulls last`, desc(orangeReports.createdAt)],
  '-urgency': [sql`${urgencyOrder} desc nulls last`, desc(orangeReports.createdAt)],
  total: [asc(orangeReports.totalCents)],
  '-total': [desc(orangeReports.totalCents)],
};

const summaryColumns = {
  report: orangeReports,
  customerName: customers.name,
  accountManagerId: customers.accountManagerId,
  authorName: fullName(author),
  photoCount: sql<number>`(select count(*)::int from ${orangeReportPhotos} p where p.report_id = ${orangeReports.id} and p.kind = 'finding')`,
};

type SummaryRow = {
  report: typeof orangeReports.$inferSelect;
  customerName: string;
  accountManagerId: string | null;
  authorName: string;
  photoCount: number;
};

export function factsOf(report: typeof orangeReports.$inferSelect, accountManagerId: string | null): ReportFacts {
  return {
    status: report.status,
    authorId: report.authorId,
    accountManagerId,
    proposalRequested: report.proposalRequestedAt !== null,
  };
}

type PhotoRow = { photo: typeof orangeReportPhotos.$inferSelect; file: Pick<typeof files.$inferSelect, 'id' | 'variants' | 'width' | 'height'> };

function toPhoto({ photo, file }: PhotoRow): OrangeReportPhoto {
  return {
    id: photo.id,
    fileId: file.id,
    caption: photo.caption,
    kind: photo.kind,
    url: contentUrl(file.id, file.variants.web ? 'web' : undefined),
    thumbnailUrl: file.variants.thumb ? contentUrl(file.id, 'thumb') : null,
    width: file.width,
    height: file.height,
  };
}

async function photosOf(db: Reader, reportIds: readonly string[], onlyStrip = false): Promise<Map<string, OrangeReportPhoto[]>> {
  const result = new Map<string, OrangeReportPhoto[]>();
  if (reportIds.length === 0) return result;
  const rows = await db
    .select({ photo: orangeReportPhotos, file: { id: files.id, variants: files.variants, width: files.width, height: files.height } })
    .from(orangeReportPhotos)
    .innerJoin(files, eq(files.id, orangeReportPhotos.fileId))
    .where(and(inArray(orangeReportPhotos.reportId, [...reportIds]), onlyStrip ? eq(orangeReportPhotos.kind, 'finding') : undefined))
    .orderBy(asc(orangeReportPhotos.reportId), asc(orangeReportPhotos.kind), asc(orangeReportPhotos.sortOrder));
  for (const row of rows) {
    const list = result.get(row.photo.reportId) ?? [];
    if (onlyStrip && list.length >= STRIP) continue;
    list.push(toPhoto(row));
    result.set(row.photo.reportId, list);
  }
  return result;
}

function toSummary(row: SummaryRow, photos: OrangeReportPhoto[], user: Caller): OrangeReportSummary & { canReview: boolean } {
  const r = row.report;
  return {
    id: r.id,
    number: r.number,
    customerId: r.customerId,
    customerName: row.customerName,
    status: r.status,
    title: r.title,
    category: r.category,
    urgency: r.urgency,
    foundOn: r.foundOn,
    author: r.authorId ? { id: r.authorId, name: row.authorName } : null,
    photoCount: row.photoCount,
    photos,
    totalCents: r.totalCents,
    totalIncomplete: r.totalIncomplete,
    proposalRequested: r.proposalRequestedAt !== null,
    submittedAt: iso(r.submittedAt),
    approvedAt: iso(r.approvedAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    canReview: isStaff(user) && r.status === 'submitted' && isReviewer(user, row.accountManagerId),
  };
}

function listConditions(user: Caller, query: Partial<OrangeReportListQuery>): SQL {
  const where: (SQL | undefined)[] = [customerIdInScope(user, orangeReports.customerId), visibleCondition(user)];
  if (query.customerId) where.push(eq(orangeReports.customerId, query.customerId));
  if (query.status?.length) where.push(inArray(orangeReports.status, query.status));
  if (query.urgency) where.push(eq(orangeReports.urgency, query.urgency));
  if (query.mine) where.push(eq(orangeReports.authorId, user.id));
  if (query.search) {
    const pattern = likePattern(query.search);
    where.push(or(sql`${orangeReports.number} ilike ${pattern}`, sql`${orangeReports.title} ilike ${pattern}`, sql`${orangeReports.findings} ilike ${pattern}`, sql`${customers.name} ilike ${pattern}`));
  }
  return and(...where)!;
}

/** A strip photo as the page statement gives it (JSON built in SQL). */
interface StripPhoto {
  id: string;
  fileId: string;
  caption: string | null;
  kind: OrangeReportPhoto['kind'];
  variants: Record<string, unknown>;
  width: number | null;
  height: number | null;
}

/** The first STRIP finding photos of each page row, as JSON: a per-row subquery through the photos' report index. */
const stripPhotos = sql<StripPhoto[] | null>`(select json_agg(json_build_object('id', strip.id, 'fileId', strip.file_id, 'caption', strip.caption, 'kind', strip.kind, 'variants', strip.variants, 'width', strip.width, 'height', strip.height) order by strip.sort_order)
  from (select ${orangeReportPhotos.id} as id, ${files.id} as file_id, ${orangeReportPhotos.caption} as caption, ${orangeReportPhotos.kind} as kind, ${files.variants} as variants, ${files.width} as width, ${files.height} as height, ${orangeReportPhotos.sortOrder} as sort_order
    from ${orangeReportPhotos} inner join ${files} on ${files.id} = ${orangeReportPhotos.fileId}
    where ${orangeReportPhotos.reportId} = ${orangeReports.id} and ${orangeReportPhotos.kind} = 'finding'
    order by ${orangeReportPhotos.sortOrder} limit ${sql.raw(String(STRIP))}) strip)`;

const matching = (db: Reader, where: SQL) => db.select({ one: sql`1` }).from(orangeReports).innerJoin(customers, eq(customers.id, orangeReports.customerId)).where(where).$dynamic();

/**
 * One statement for a page (decision 047): the page's ids (only the joins the filter needs, the
 * list's order, LIMIT/OFFSET) as an array the rows are read by (primary key), the capped total when
 * `withTotal` (an uncorrelated subquery: once per statement), and per page row its photo count and
 * strip. The outer LIMIT (the page has at most that many rows) bounds any walk in the list's order
 * that the planner may prefer to primary-key lookups on a small table.
 */
async function summaries(db: Reader, user: Caller, where: SQL, order: SQL[], limit: number, offset: number, withTotal = false) {
  const pageIds = db
    .select({ id: orangeReports.id })
    .from(orangeReports)
    .innerJoin(customers, eq(customers.id, orangeReports.customerId))
    .where(where)
    .orderBy(...order, desc(orangeReports.id))
    .limit(limit)
    .offset(offset);
  const rows = await db
    .select({ ...summaryColumns, total: withTotal ? cappedTotal(matching(db, where)) : sql<number | null>`null::int`, strip: stripPhotos })
    .from(orangeReports)
    .innerJoin(customers, eq(customers.id, orangeReports.customerId))
    .leftJoin(author, eq(author.id, orangeReports.authorId))
    .where(sql`${orangeReports.id} = any(array(${pageIds}))`)
    .orderBy(...order, desc(orangeReports.id))
    .limit(limit);
  const data = rows.map((row) => toSummary(row, (row.strip ?? []).map(stripPhoto), user));
  return { data, total: rows[0]?.total ?? undefined };
}

/** The page's carried total; a page past the end has no row to carry it and counts apart. */
async function totalOf(db: Reader, query: { page: number; pageSize: number }, rows: number, where: SQL, carried: number | undefined): Promise<number> {
  return pastTheEnd(query, rows) ? cappedCount(db, matching(db, where)) : (carried ?? 0);
}

function stripPhoto(photo: StripPhoto): OrangeReportPhoto {
  return toPhoto({
    photo: { id: photo.id, caption: photo.caption, kind: photo.kind } as PhotoRow['photo'],
    file: { id: photo.fileId, variants: photo.variants as PhotoRow['file']['variants'], width: photo.width, height: photo.height },
  });
}

export async function listReports(db: Reader, user: Caller, query: OrangeReportListQuery): Promise<Page<OrangeReportSummary & { canReview: boolean }>> {
  const where = listConditions(user, query);
  const { data, total } = await summaries(db, user, where, SORTS[query.sort], query.pageSize, (query.page - 1) * query.pageSize, true);
  return { data, ...pageTotal(query, data.length, data.length === query.pageSize, await totalOf(db, query, data.length, where, total)), page: query.page, pageSize: query.pageSize };
}

export async function exportReports(db: Reader, user: Caller, query: Omit<OrangeReportListQuery, 'page' | 'pageSize'>, max: number) {
  return (await summaries(db, user, listConditions(user, query), SORTS[query.sort], max, 0)).data;
}

/** The review queue: submitted reports the caller reviews, oldest first (and the caller's own, waiting). */
export async function pendingReports(db: Reader, user: Caller, query: { page: number; pageSize: number; customerId?: string }) {
  const where = and(
    customerIdInScope(user, orangeReports.customerId),
    eq(orangeReports.status, 'submitted'),
    or(reviewableCondition(user), eq(orangeReports.authorId, user.id)),
    query.customerId ? eq(orangeReports.customerId, query.customerId) : undefined,
  )!;
  const { data, total } = await summaries(db, user, where, [sql`${orangeReports.submittedAt} asc nulls last`], query.pageSize, (query.page - 1) * query.pageSize, true);
  return { data, ...pageTotal(query, data.length, data.length === query.pageSize, await totalOf(db, query, data.length, where, total)), page: query.page, pageSize: query.pageSize };
}

/** Counts per status of one customer, as the caller may see them (customer page overview). */
export async function countsByStatus(db: Reader, user: Caller, customerId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: orangeReports.status, n: count() })
    .from(orangeReports)
    .innerJoin(customers, eq(customers.id, orangeReports.customerId))
    .where(and(eq(orangeReports.customerId, customerId), customerIdInScope(user, orangeReports.customerId), visibleCondition(user)))
    .groupBy(orangeReports.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

export async function mapPins(db: Reader, user: Caller, customerId: string): Promise<OrangeReportPin[]> {
  const rows = await db
    .select({ report: orangeReports })
    .from(orangeReports)
    .innerJoin(customers, eq(customers.id, orangeReports.customerId))
    .where(
      and(
        eq(orangeReports.customerId, customerId),
        visibleCondition(user),
        isNotNull(orangeReports.latitude),
        isNotNull(orangeReports.longitude),
        sql`${orangeReports.status} <> 'draft'`,
      ),
    )
    .orderBy(desc(orangeReports.createdAt))
    .limit(500);
  return rows.map(({ report: r }) => ({
    id: r.id,
    number: r.number,
    title: r.title,
    status: r.status,
    urgency: r.urgency,
    latitude: r.latitude!,
    longitude: r.longitude!,
  }));
}

export interface LoadedReport {
  report: typeof orangeReports.$inferSelect;
  customerName: string;
  accountManagerId: string | null;
  facts: ReportFacts;
}

/**
 * One report the caller may see, or 404 (out of scope, hidden draft, unpublished for a customer).
 * `forUpdate` locks the row inside a transaction so concurrent transitions run one after another.
 */
export async function loadReport(db: Reader, user: Caller, id: string, forUpdate = false): Promise<LoadedReport> {
  let query = db
    .select({ report: orangeReports, customerName: customers.name, accountManagerId: customers.accountManagerId })
    .from(orangeReports)
    .innerJoin(customers, eq(customers.id, orangeReports.customerId))
    .where(and(eq(orangeReports.id, id), customerIdInScope(user, orangeReports.customerId)))
    .$dynamic();
  if (forUpdate) query = query.for('update', { of: orangeReports });
  const [row] = await query;
  if (!row) throw notFound();
  const facts = factsOf(row.report, row.accountManagerId);
  if (!canSee(user, facts)) throw notFound();
  return { ...row, facts };
}

export async function getReportDetail(db: Reader, user: Caller, id: string): Promise<OrangeReportDetail | OrangeReportCustomerDetail> {
  const loaded = await loadReport(db, user, id);
  const r = loaded.report;
  const staff = isStaff(user);
  const [[extra], photos, recommendations, events] = await Promise.all([
    db
      .select({
        authorName: fullName(author),
        reviewerName: fullName(reviewer),
        acknowledgerName: fullName(acknowledger),
        zoneName: customerZones.name,
        requestNumber: serviceRequests.number,
        requestTitle: serviceRequests.title,
        photoCount: summaryColumns.photoCount,
      })
      .from(orangeReports)
      .leftJoin(author, eq(author.id, orangeReports.authorId))
      .leftJoin(reviewer, eq(reviewer.id, orangeReports.reviewerId))
      .leftJoin(acknowledger, eq(acknowledger.id, orangeReports.acknowledgedById))
      .leftJoin(customerZones, eq(customerZones.id, orangeReports.zoneId))
      .leftJoin(serviceRequests, eq(serviceRequests.id, orangeReports.serviceRequestId))
      .where(eq(orangeReports.id, id)),
    photosOf(db, [id]),
    db.select().from(orangeReportRecommendations).where(eq(orangeReportRecommendations.reportId, id)).orderBy(asc(orangeReportRecommendations.sortOrder)),
    db
      .select({ event: orangeReportEvents, name: fullName(users), roles: users.roles })
      .from(orangeReportEvents)
      .leftJoin(users, eq(users.id, orangeReportEvents.authorId))
      .where(and(eq(orangeReportEvents.reportId, id), staff ? undefined : eq(orangeReportEvents.visibility, 'all')))
      .orderBy(asc(orangeReportEvents.seq)),
  ]);
  const allPhotos = photos.get(id) ?? [];
  const summary = toSummary(
    { report: r, customerName: loaded.customerName, accountManagerId: loaded.accountManagerId, authorName: extra?.authorName ?? '', photoCount: extra?.photoCount ?? 0 },
    allPhotos.filter((p) => p.kind === 'finding').slice(0, STRIP),
    user,
  );
  const timeline: OrangeReportEvent[] = events.map(({ event, name, roles }) => ({
    id: event.id,
    kind: event.kind,
    author: event.authorId ? { id: event.authorId, name: name ?? '', isStaff: hasStaffRole(parseRoles(roles ?? [])) } : null,
    text: event.text,
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    data: event.data,
    createdAt: event.createdAt.toISOString(),
  }));
  const customerDetail: OrangeReportCustomerDetail = {
    ...summary,
    findings: r.findings,
    locationText: r.locationText,
    zone: r.zoneId && extra?.zoneName ? { id: r.zoneId, name: extra.zoneName } : null,
    latitude: r.latitude,
    longitude: r.longitude,
    allPhotos,
    recommendations: recommendations.map((line) => ({
      id: line.id,
      serviceId: line.serviceId,
      names: line.names,
      category: line.category,
      unit: line.unit,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      lineTotalCents: line.lineTotalCents,
      note: line.note,
    })),
    acknowledgedAt: iso(r.acknowledgedAt),
    acknowledgedBy: r.acknowledgedById ? { id: r.acknowledgedById, name: extra?.acknowledgerName ?? '' } : null,
    declinedAt: iso(r.declinedAt),
    declineReason: r.declineReason,
    resolvedAt: iso(r.resolvedAt),
    timeline,
    allowedActions: allowedActions(user, loaded.facts),
  };
  if (!staff) return customerDetail;
  return {
    ...customerDetail,
    serviceRequest: r.serviceRequestId && extra?.requestNumber ? { id: r.serviceRequestId, number: extra.requestNumber, title: extra.requestTitle ?? '' } : null,
    reviewer: r.reviewerId ? { id: r.reviewerId, name: extra?.reviewerName ?? '' } : null,
    returnComment: r.returnComment,
  };
}
