import { and, asc, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type {
  planCreateSchema,
  planListQuerySchema,
  planUpdateSchema,
  occurrenceUpdateSchema} from '@grove/shared';
import {
  hasCustomerRole,
  hasStaffRole,
  parseRoles,
  type OccurrenceStatus,
  type Page,
  type PlanComment,
  type PlanDetail,
  type PlanItem,
  type PlanOccurrence,
  type PlanProgress,
  type PlanSummary,
  type PlanWeek,
} from '@grove/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { branches, customerZones, customers, files, users } from '../../db/schema.js';
import type { AuthUser } from '../../http/authenticate.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { localDay } from '../../lib/local-day.js';
import { cappedCount, cappedTotal, pageTotal, pastTheEnd } from '../../lib/paging.js';
import { recordAudit } from '../audit/index.js';
import { attachFiles } from '../files/index.js';
import { assertCustomerInScope, customerIdInScope, isCustomerInScope } from '../scope/index.js';
import { assertCatalogueServices, assertZonesOf, itemsForCustomer, normaliseItems } from './items.js';
import { announceAcknowledged, announceComment, announcePublished } from './announcements.js';
import { assertDatesInQuarter, diffSnapshots, loadItems, saveItems, snapshotOf, type Tx } from './plan-items.js';
import { isStaff, maySeePlan } from './policy.js';
import { addDays, datesOutside, quarterEnd } from './recurrence.js';
import type { planTemplates} from './tables.js';
import { planComments, planOccurrences, planVersions, plans } from './tables.js';
import { loadTemplate } from './template-service.js';

type ListQuery = z.output<typeof planListQuerySchema>;
type CreateInput = z.output<typeof planCreateSchema>;
type UpdateInput = z.output<typeof planUpdateSchema>;
type OccurrenceInput = z.output<typeof occurrenceUpdateSchema>;
type PlanRow = typeof plans.$inferSelect;

/** Occurrence photos are files with this owner type (attached through the file service). */
export const OCCURRENCE_PHOTO_OWNER = 'plan_occurrence';
export const OPEN: readonly OccurrenceStatus[] = ['planned', 'rescheduled'];

/**
 * Today at the property: the calendar day in its branch's time zone (decision 024). Visits are
 * dated in local days, so "overdue" and "this week" follow the branch's clock, not UTC's.
 */
export function today(now: Date, timeZone: string | null | undefined): string {
  return localDay(now, timeZone);
}

/** The customer's name and its branch's time zone. */
export async function customerClock(db: Pick<Db, 'select'>, customerId: string): Promise<{ name: string; timeZone: string | null }> {
  const [row] = await db
    .select({ name: customers.name, timeZone: branches.timeZone })
    .from(customers)
    .leftJoin(branches, eq(branches.id, customers.branchId))
    .where(eq(customers.id, customerId));
  return { name: row?.name ?? '', timeZone: row?.timeZone ?? null };
}

const fullName = (first: string | null | undefined, last: string | null | undefined) => `${first ?? ''} ${last ?? ''}`.trim();

async function personRefs(db: Pick<Db, 'select'>, ids: readonly (string | null)[]): Promise<Map<string, { id: string; name: string; isStaff: boolean }>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, first: users.firstName, last: users.lastName, roles: users.roles }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, { id: row.id, name: fullName(row.first, row.last), isStaff: hasStaffRole(parseRoles(row.roles)) }]));
}

const ref = (people: Map<string, { id: string; name: string }>, id: string | null) => {
  const person = id ? people.get(id) : undefined;
  return person ? { id: person.id, name: person.name } : null;
};

/**
 * A plan the caller may see, else 404: its customer in scope, and for customer users not a draft.
 */
export async function loadPlan(db: Pick<Db, 'select'>, user: AuthUser, id: string): Promise<PlanRow> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  if (!row || !maySeePlan(user, row) || !(await isCustomerInScope(db as Db, user, row.customerId))) throw notFound();
  return row;
}

function progressOf(occurrences: readonly { status: string; date: string }[], day: string): PlanProgress {
  const weekEnd = addDays(day, 7);
  const open = occurrences.filter((o) => (OPEN as readonly string[]).includes(o.status));
  return {
    total: occurrences.length,
    done: occurrences.filter((o) => o.status === 'done').length,
    skipped: occurrences.filter((o) => o.status === 'skipped').length,
    overdue: open.filter((o) => o.date < day).length,
    upcoming: open.filter((o) => o.date >= day).length,
    dueThisWeek: open.filter((o) => o.date >= day && o.date < weekEnd).length,
  };
}

function summaryOf(row: PlanRow, customerName: string, progress: PlanProgress): PlanSummary {
  return {
    id: row.id,
    customerId: row.customerId,
    customerName,
    name: row.name,
    startDate: row.startDate,
    endDate: row.endDate,
    status: row.status,
    version: row.version,
    acknowledgedVersion: row.acknowledgedVersion,
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    progress,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Plans in the caller's scope (customer users: published and completed only), newest quarter first. */
export async function listPlans(db: Db, user: AuthUser, query: ListQuery, now = new Date()): Promise<Page<PlanSummary>> {
  if (query.customerId) await assertCustomerInScope(db, user, query.customerId);
  const parts: SQL[] = [customerIdInScope(user, plans.customerId)];
  if (query.customerId) parts.push(eq(plans.customerId, query.customerId));
  if (!isStaff(user)) parts.push(ne(plans.status, 'draft'));
  if (query.status) parts.push(eq(plans.status, query.status));
  if (query.search) parts.push(ilike(plans.name, `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const where = and(...parts);
  // One statement (decision 047): the page's ids with the capped total, then those plans with their
  // customer, the branch's time zone and each plan's visits (status and date) for its progress.
  const page = db
    .select({ id: sql<string>`${plans.id}`.as('page_id'), total: cappedTotal(db.select({ one: sql`1` }).from(plans).where(where).$dynamic()).as('total') })
    .from(plans)
    .where(where)
    .orderBy(desc(plans.startDate), asc(plans.name), asc(plans.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as('page');
  const rows = await db
    .select({
      row: plans,
      customerName: customers.name,
      timeZone: branches.timeZone,
      total: page.total,
      visits: sql<[string, string][] | null>`(select json_agg(json_build_array(${planOccurrences.status}, ${planOccurrences.date})) from ${planOccurrences} where ${planOccurrences.planId} = ${plans.id})`,
    })
    .from(page)
    .innerJoin(plans, eq(plans.id, page.id))
    .innerJoin(customers, eq(customers.id, plans.customerId))
    .leftJoin(branches, eq(branches.id, customers.branchId))
    .orderBy(desc(plans.startDate), asc(plans.name), asc(plans.id));
  return {
    data: rows.map((r) => summaryOf(r.row, r.customerName, progressOf((r.visits ?? []).map(([status, date]) => ({ status, date })), today(now, r.timeZone)))),
    // A page past the end has no row to carry the total: it counts apart.
    ...pageTotal(query, rows.length, rows.length === query.pageSize, pastTheEnd(query, rows.length) ? await cappedCount(db, db.select({ one: sql`1` }).from(plans).where(where).$dynamic()) : (rows[0]?.total ?? 0)),
    page: query.page,
    pageSize: query.pageSize,
  };
}

type OccurrenceRowData = typeof planOccurrences.$inferSelect;

/** Visits as the API gives them: overdue by the property's day, who recorded them, photos. */
export async function occurrencesOut(db: Pick<Db, 'select'>, rows: readonly OccurrenceRowData[], day: string): Promise<PlanOccurrence[]> {
  const photos = rows.length
    ? await db
        .select({ id: files.id, name: files.originalName, ownerId: files.ownerId })
        .from(files)
        .where(and(eq(files.ownerType, OCCURRENCE_PHOTO_OWNER), inArray(files.ownerId, rows.map((o) => o.id))))
        .orderBy(asc(files.createdAt))
    : [];
  const people = await personRefs(db, rows.map((o) => o.updatedById));
  return rows.map((o) => ({
    id: o.id,
    itemId: o.itemId,
    date: o.date,
    originalDate: o.originalDate,
    status: o.status,
    overdue: (OPEN as readonly string[]).includes(o.status) && o.date < day,
    reason: o.reason,
    note: o.note,
    updatedBy: ref(people, o.updatedById),
    updatedAt: o.updatedAt?.toISOString() ?? null,
    photos: photos.filter((p) => p.ownerId === o.id).map((p) => ({ id: p.id, name: p.name })),
  }));
}

export async function getPlanDetail(db: Db, user: AuthUser, id: string, now = new Date()): Promise<PlanDetail> {
  const row = await loadPlan(db, user, id);
  const customer = await customerClock(db, row.customerId);
  const items = await loadItems(db, id);
  const occurrenceRows = await db.select().from(planOccurrences).where(eq(planOccurrences.planId, id)).orderBy(asc(planOccurrences.date), asc(planOccurrences.id));
  const versions = await db.select().from(planVersions).where(eq(planVersions.planId, id)).orderBy(asc(planVersions.version));
  const comments = await db.select().from(planComments).where(eq(planComments.planId, id)).orderBy(asc(planComments.createdAt), asc(planComments.id));
  const people = await personRefs(db, [
    row.acknowledgedById,
    row.createdById,
    ...versions.map((v) => v.publishedById),
    ...comments.map((c) => c.authorId),
  ]);
  const zoneIds = [...new Set(items.flatMap((item) => item.zoneIds))];
  const zones = zoneIds.length
    ? await db
        .select({ id: customerZones.id, name: customerZones.name, kind: customerZones.kind, color: customerZones.color })
        .from(customerZones)
        .where(and(eq(customerZones.customerId, row.customerId), inArray(customerZones.id, zoneIds)))
        .orderBy(asc(customerZones.name))
    : [];
  const day = today(now, customer.timeZone);
  const occurrences = await occurrencesOut(db, occurrenceRows, day);
  const ack = row.acknowledgedVersion;
  const fromSnapshot = ack ? versions.find((v) => v.version === ack) : undefined;
  const toSnapshot = versions.find((v) => v.version === row.version);
  const changes = fromSnapshot && toSnapshot && ack! < row.version ? diffSnapshots(fromSnapshot.snapshot, toSnapshot.snapshot, ack!, row.version) : null;
  const staff = isStaff(user);
  const customerSide = hasCustomerRole(user.roles);
  const commentList: PlanComment[] = comments.map((c) => ({
    id: c.id,
    author: ref(people, c.authorId),
    authorIsStaff: c.authorId ? (people.get(c.authorId)?.isStaff ?? false) : false,
    text: c.text,
    createdAt: c.createdAt.toISOString(),
  }));
  return {
    ...summaryOf(row, customer.name, progressOf(occurrenceRows, day)),
    notes: row.notes,
    template: row.templateId && row.templateName ? { id: row.templateId, name: row.templateName } : null,
    items,
    occurrences,
    zones: zones.map((zone) => ({ ...zone, kind: zone.kind })),
    acknowledgedBy: ref(people, row.acknowledgedById),
    createdBy: ref(people, row.createdById),
    versions: versions.map((v) => ({ version: v.version, publishedAt: v.publishedAt.toISOString(), publishedBy: ref(people, v.publishedById), changeNote: v.changeNote })),
    changesSinceAcknowledged: changes,
    comments: commentList,
    permissions: {
      edit: staff && row.status !== 'completed',
      publish: staff && row.status === 'draft' && items.length > 0,
      delete: staff && row.status === 'draft',
      acknowledge: customerSide && row.status === 'published' && (row.acknowledgedVersion ?? 0) < row.version,
      tick: staff && row.status !== 'draft',
      comment: staff || row.status !== 'draft',
    },
  };
}

/**
 * A template's items for one quarter: given days outside it are left out, and an item whose days
 * all fall outside is not copied (a spring template used in June keeps its weekly work only).
 */
function fitToQuarter(items: readonly PlanItem[], startDate: string): PlanItem[] {
  return items.flatMap((item) => {
    if (item.frequency.kind !== 'dates') return [item];
    const outside = new Set(datesOutside(item.frequency, startDate));
    const dates = item.frequency.dates.filter((entry) => !outside.has(entry));
    return dates.length ? [{ ...item, frequency: { kind: 'dates' as const, dates } }] : [];
  });
}

/** From a template (global, or the customer's own) or blank; always a draft first. */
export async function createPlan(db: Db, user: AuthUser, input: CreateInput): Promise<PlanDetail> {
  await assertCustomerInScope(db, user, input.customerId);
  let template: typeof planTemplates.$inferSelect | null = null;
  if (input.templateId) {
    template = await loadTemplate(db, user, input.templateId).catch(() => {
      throw badRequest({ templateId: ['This field is not valid.'] });
    });
    if (template.customerId && template.customerId !== input.customerId) throw badRequest({ templateId: ['This field is not valid.'] });
  }
  const items = template ? fitToQuarter(await itemsForCustomer(db, input.customerId, template.items), input.startDate) : normaliseItems(input.items ?? []);
  await assertCatalogueServices(db, items);
  await assertZonesOf(db, input.customerId, items);
  assertDatesInQuarter(items, input.startDate);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(plans)
      .values({
        customerId: input.customerId,
        templateId: template?.id ?? null,
        templateName: template?.name ?? null,
        name: input.name ?? template?.name ?? 'Quarterly plan',
        startDate: input.startDate,
        endDate: quarterEnd(input.startDate),
        notes: input.notes ?? '',
        createdById: user.id,
      })
      .returning({ id: plans.id });
    await saveItems(tx, row!.id, input.startDate, items);
    await recordAudit(tx, { action: 'plan.created', actorId: user.id, detail: { planId: row!.id, customerId: input.customerId, templateId: template?.id ?? null } });
    return row!.id;
  });
  return getPlanDetail(db, user, id);
}

async function addVersion(tx: Tx, plan: PlanRow, version: number, userId: string, changeNote: string) {
  const items = await loadItems(tx, plan.id);
  await tx.insert(planVersions).values({ planId: plan.id, version, snapshot: snapshotOf(plan, items), changeNote, publishedById: userId });
}

/**
 * Saves name, dates, notes and items. On a published plan this is a revision: a new version the
 * customer is told about, with what changed since the version they acknowledged.
 */
export async function updatePlan(db: Db, user: AuthUser, id: string, input: UpdateInput): Promise<PlanDetail> {
  const plan = await loadPlan(db, user, id);
  if (plan.status === 'completed') throw conflict('A completed plan can no longer be changed.');
  const items = normaliseItems(input.items);
  await assertCatalogueServices(db, items);
  await assertZonesOf(db, plan.customerId, items);
  assertDatesInQuarter(items, input.startDate);
  if (plan.status === 'published' && items.length === 0) throw badRequest({ items: ['This field is required.'] });
  await db.transaction(async (tx) => {
    const published = plan.status === 'published';
    const [updated] = await tx
      .update(plans)
      .set({
        name: input.name,
        startDate: input.startDate,
        endDate: quarterEnd(input.startDate),
        notes: input.notes ?? '',
        version: published ? plan.version + 1 : plan.version,
        updatedAt: sql`now()`,
      })
      .where(eq(plans.id, id))
      .returning();
    await saveItems(tx, id, input.startDate, items);
    if (published) {
      await addVersion(tx, updated!, updated!.version, user.id, input.changeNote ?? '');
      await announcePublished(tx, updated!, user, true);
    }
    await recordAudit(tx, { action: published ? 'plan.revised' : 'plan.updated', actorId: user.id, detail: { planId: id, version: updated!.version } });
  });
  return getPlanDetail(db, user, id);
}

export async function deletePlan(db: Db, user: AuthUser, id: string): Promise<void> {
  const plan = await loadPlan(db, user, id);
  if (plan.status !== 'draft') throw conflict('Only a draft can be deleted. A published plan stays on record.');
  await db.transaction(async (tx) => {
    await tx.delete(plans).where(eq(plans.id, id));
    await recordAudit(tx, { action: 'plan.deleted', actorId: user.id, detail: { planId: id, customerId: plan.customerId, name: plan.name } });
  });
}

export async function publishPlan(db: Db, user: AuthUser, id: string, changeNote: string | null | undefined): Promise<PlanDetail> {
  const plan = await loadPlan(db, user, id);
  if (plan.status !== 'draft') throw conflict('This plan is already published. Edit it to publish a revision.');
  await db.transaction(async (tx) => {
    // The row lock makes a double click publish once.
    const [locked] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
    if (!locked || locked.status !== 'draft') throw conflict('This plan is already published. Edit it to publish a revision.');
    const items = await loadItems(tx, id);
    if (items.length === 0) throw badRequest({ items: ['This field is required.'] }, 'Add at least one item before publishing.');
    const [updated] = await tx.update(plans).set({ status: 'published', version: 1, publishedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(plans.id, id)).returning();
    await addVersion(tx, updated!, 1, user.id, changeNote ?? '');
    await announcePublished(tx, updated!, user, false);
    await recordAudit(tx, { action: 'plan.published', actorId: user.id, detail: { planId: id } });
  });
  return getPlanDetail(db, user, id);
}

/** A customer user confirms they have seen the current version. */
export async function acknowledgePlan(db: Db, user: AuthUser, id: string): Promise<PlanDetail> {
  const plan = await loadPlan(db, user, id);
  if (plan.status !== 'published') throw conflict('Only a published plan can be acknowledged.');
  if ((plan.acknowledgedVersion ?? 0) >= plan.version) throw conflict('This version is already acknowledged.');
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(plans)
      .set({ acknowledgedVersion: plan.version, acknowledgedAt: sql`now()`, acknowledgedById: user.id })
      .where(and(eq(plans.id, id), eq(plans.version, plan.version)))
      .returning();
    if (!updated) throw conflict('The plan was revised meanwhile. Please look at the new version.');
    await announceAcknowledged(tx, updated, user);
  });
  return getPlanDetail(db, user, id);
}

export async function addPlanComment(db: Db, user: AuthUser, id: string, text: string): Promise<PlanDetail> {
  const plan = await loadPlan(db, user, id);
  await db.transaction(async (tx) => {
    await tx.insert(planComments).values({ planId: id, authorId: user.id, text });
    if (!isStaff(user)) await announceComment(tx, plan, user, text);
  });
  return getPlanDetail(db, user, id);
}

/** Staff tick a visit done, skipped (with a reason) or rescheduled (a new date), with photos. */
export async function updateOccurrence(db: Db, user: AuthUser, planId: string, occurrenceId: string, input: OccurrenceInput): Promise<PlanDetail> {
  const plan = await loadPlan(db, user, planId);
  if (plan.status === 'draft') throw conflict('Publish the plan before recording visits.');
  const [occurrence] = await db
    .select()
    .from(planOccurrences)
    .where(and(eq(planOccurrences.id, occurrenceId), eq(planOccurrences.planId, planId)));
  if (!occurrence) throw notFound();
  if (input.status === 'rescheduled') {
    // A visit moves within the quarter, or up to 30 days past its end (weather runs late).
    const latest = addDays(plan.endDate, 30);
    if (input.date! < plan.startDate || input.date! > latest) throw badRequest({ date: ['This field is not valid.'] });
  }
  await db.transaction(async (tx) => {
    const date = input.status === 'rescheduled' ? input.date! : input.status === 'planned' ? occurrence.originalDate : occurrence.date;
    await tx
      .update(planOccurrences)
      .set({
        status: input.status,
        date,
        reason: input.status === 'skipped' ? input.reason! : null,
        note: input.note ?? '',
        updatedById: user.id,
        updatedAt: sql`now()`,
        // Reopened or moved: may be reported overdue again later.
        overdueNotifiedAt: input.status === 'done' || input.status === 'skipped' ? occurrence.overdueNotifiedAt : null,
      })
      .where(eq(planOccurrences.id, occurrenceId));
    if (input.photoIds.length) {
      await attachFiles(db, tx, { fileIds: input.photoIds, customerId: plan.customerId, ownerType: OCCURRENCE_PHOTO_OWNER, ownerId: occurrenceId, userId: user.id });
    }
  });
  return getPlanDetail(db, user, planId);
}

/** "This week on your property": the current published plan's visits of the next 7 days. */
export async function thisWeek(db: Db, user: AuthUser, customerId: string, now = new Date()): Promise<PlanWeek> {
  await assertCustomerInScope(db, user, customerId);
  const from = today(now, (await customerClock(db, customerId)).timeZone);
  const to = addDays(from, 6);
  const [plan] = await db
    .select({ id: plans.id, name: plans.name })
    .from(plans)
    .where(and(eq(plans.customerId, customerId), eq(plans.status, 'published'), sql`${plans.startDate} <= ${to}`, sql`${plans.endDate} >= ${from}`))
    .orderBy(desc(plans.startDate))
    .limit(1);
  if (!plan) return { plan: null, from, to, visits: [] };
  const rows = await db
    .select({ occurrenceId: planOccurrences.id, date: planOccurrences.date, status: planOccurrences.status, position: sql<number>`0`, itemId: planOccurrences.itemId })
    .from(planOccurrences)
    .where(and(eq(planOccurrences.planId, plan.id), sql`${planOccurrences.date} between ${from} and ${to}`))
    .orderBy(asc(planOccurrences.date));
  const items = new Map((await loadItems(db, plan.id)).map((item) => [item.id, item]));
  return {
    plan,
    from,
    to,
    visits: rows.map((row) => ({ occurrenceId: row.occurrenceId, date: row.date, service: items.get(row.itemId)?.service ?? '', status: row.status })),
  };
}
