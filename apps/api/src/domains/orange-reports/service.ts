import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  validationText,
  type OrangeReportAction,
  type OrangeReportBulkApproveResult,
  type OrangeReportDetail,
  type OrangeReportCustomerDetail,
  type OrangeReportEventKind,
  type OrangeReportStatus,
  type OrangeReportUpdate,
  type OrangeReportDraft,
} from '@grove/shared';
import type { Db } from '../../db/client.js';
import { branches, customerZones, customers, files, serviceRequests, users } from '../../db/schema.js';
import { HttpError, badRequest } from '../../http/errors.js';
import { attachFiles } from '../files/index.js';
import type { Tx } from '../../db/client.js';
import { assertCustomerInScope } from '../scope/index.js';
import { publishLiveEvent } from '../../live/publish.js';
import { announce, type ReportRef } from './announcements.js';
import { ORANGE_REPORT_CHANGED } from './live.js';
import { listServices } from './catalogue-service.js';
import { nextReportNumber } from './numbering.js';
import { assertCanAuthor, assertMay, isPublished, isReviewer, type Caller } from './policy.js';
import { getReportDetail, loadReport, type LoadedReport } from './queries.js';
import { orangeReportEvents, orangeReportPhotos, orangeReportRecommendations, orangeReports } from './tables.js';

/** `files.owner_type` of report photos. */
export const REPORT_FILE_OWNER = 'orange_report';

type EventData = Record<string, string | number | boolean | null>;
type Detail = OrangeReportDetail | OrangeReportCustomerDetail;
type PhotoInput = { fileId: string; caption?: string };
type LineInput = NonNullable<OrangeReportDraft['recommendations']>[number];

async function addEvent(
  tx: Tx,
  values: {
    reportId: string;
    kind: OrangeReportEventKind;
    authorId: string | null;
    text?: string;
    visibility?: 'all' | 'staff';
    fromStatus?: OrangeReportStatus | null;
    toStatus?: OrangeReportStatus | null;
    data?: EventData;
    createdAt?: Date;
  },
): Promise<void> {
  await tx.insert(orangeReportEvents).values({ visibility: 'staff', text: '', data: {}, ...values });
}

async function nameOf(tx: Pick<Db, 'select'>, userId: string): Promise<string> {
  const [row] = await tx.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, userId));
  return `${row?.first ?? ''} ${row?.last ?? ''}`.trim();
}

function refOf(loaded: LoadedReport): ReportRef {
  const r = loaded.report;
  return { id: r.id, number: r.number, title: r.title, customerId: r.customerId, customerName: loaded.customerName, authorId: r.authorId, accountManagerId: loaded.accountManagerId };
}

async function assertZone(tx: Pick<Db, 'select'>, customerId: string, zoneId: string | null | undefined) {
  if (!zoneId) return;
  const [zone] = await tx.select({ id: customerZones.id }).from(customerZones).where(and(eq(customerZones.id, zoneId), eq(customerZones.customerId, customerId)));
  if (!zone) throw badRequest({ zoneId: [validationText('invalid')] });
}

async function assertRequest(tx: Pick<Db, 'select'>, customerId: string, requestId: string | null | undefined) {
  if (!requestId) return;
  const [row] = await tx.select({ id: serviceRequests.id }).from(serviceRequests).where(and(eq(serviceRequests.id, requestId), eq(serviceRequests.customerId, customerId)));
  if (!row) throw badRequest({ serviceRequestId: [validationText('invalid')] });
}

/**
 * Replaces the report's recommendations, priced on the server: the catalogue price wins; a
 * service priced per job takes the typed estimate; a reviewer may correct any price. Returns
 * the total of the priced lines and whether a line still lacks a price.
 */
async function writeRecommendations(tx: Tx, reportId: string, lines: readonly LineInput[], reviewer: boolean): Promise<void> {
  const services = await activeServicesOrCurrent(tx, reportId, lines);
  await tx.delete(orangeReportRecommendations).where(eq(orangeReportRecommendations.reportId, reportId));
  if (lines.length) {
    await tx.insert(orangeReportRecommendations).values(
      lines.map((line, index) => {
        const service = services.get(line.serviceId.toLowerCase())!;
        const typed = line.unitPriceCents ?? null;
        const price = reviewer && typed !== null ? typed : (service.unitPriceCents ?? typed);
        return {
          reportId,
          serviceId: service.id,
          names: service.names,
          category: service.category,
          unit: service.unit,
          quantity: line.quantity,
          unitPriceCents: price,
          lineTotalCents: price === null ? null : Math.round(line.quantity * price),
          note: line.note ?? '',
          sortOrder: index,
        };
      }),
    );
  }
  await retotal(tx, reportId);
}

/** Active catalogue services, plus retired ones the report already recommends (a reviewer keeps them). */
async function activeServicesOrCurrent(tx: Tx, reportId: string, lines: readonly LineInput[]) {
  const ids = [...new Set(lines.map((line) => line.serviceId.toLowerCase()))];
  const current = await tx
    .select({ serviceId: orangeReportRecommendations.serviceId })
    .from(orangeReportRecommendations)
    .where(eq(orangeReportRecommendations.reportId, reportId));
  const kept = new Set(current.map((row) => row.serviceId));
  const map = new Map((await listServices(tx, { ids, includeRetired: true })).map((service) => [service.id, service]));
  lines.forEach((line, index) => {
    const service = map.get(line.serviceId.toLowerCase());
    if (!service || (service.retired && !kept.has(service.id))) throw badRequest({ [`recommendations.${index}.serviceId`]: [validationText('invalid')] });
  });
  return map;
}

async function retotal(tx: Tx, reportId: string): Promise<void> {
  await tx
    .update(orangeReports)
    .set({
      totalCents: sql`coalesce((select sum(line_total_cents) from orange_report_recommendations where report_id = ${reportId}), 0)`,
      totalIncomplete: sql`exists (select 1 from orange_report_recommendations where report_id = ${reportId} and line_total_cents is null)`,
    })
    .where(eq(orangeReports.id, reportId));
}

/**
 * Replaces the report's photos of `kind`: new uploads are attached (staff-only until the report is
 * published, so customer users cannot fetch them by id), captions and order follow the list.
 * Returns the caption changes of photos that stay (for the reviewer's timeline entry).
 */
async function writePhotos(
  tx: Tx,
  db: Db,
  user: Caller,
  report: { id: string; customerId: string; status: OrangeReportStatus },
  photos: readonly PhotoInput[],
  kind: 'finding' | 'after',
): Promise<{ fileId: string; from: string; to: string }[]> {
  const ids = photos.map((photo) => photo.fileId.toLowerCase());
  if (new Set(ids).size !== ids.length) throw badRequest({ photos: [validationText('invalid')] });
  const existing = await tx
    .select()
    .from(orangeReportPhotos)
    .where(and(eq(orangeReportPhotos.reportId, report.id), eq(orangeReportPhotos.kind, kind)));
  const byFile = new Map(existing.map((photo) => [photo.fileId, photo]));
  const fresh = ids.filter((id) => !byFile.has(id));
  if (fresh.length) {
    try {
      await attachFiles(db, tx, { fileIds: fresh, customerId: report.customerId, ownerType: REPORT_FILE_OWNER, ownerId: report.id, userId: user.id, staffOnly: !isPublished(report.status) });
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 400) throw badRequest({ photos: [validationText('invalid')] });
      throw error;
    }
    const kinds = await tx.select({ id: files.id, kind: files.kind }).from(files).where(inArray(files.id, fresh));
    if (kinds.some((file) => file.kind !== 'photo')) throw badRequest({ photos: [validationText('invalid')] });
  }
  const removed = existing.filter((photo) => !ids.includes(photo.fileId)).map((photo) => photo.id);
  if (removed.length) await tx.delete(orangeReportPhotos).where(inArray(orangeReportPhotos.id, removed));
  const changes: { fileId: string; from: string; to: string }[] = [];
  for (const [index, photo] of photos.entries()) {
    const fileId = photo.fileId.toLowerCase();
    const caption = photo.caption ?? '';
    const current = byFile.get(fileId);
    if (current) {
      if (current.caption !== caption) changes.push({ fileId, from: current.caption, to: caption });
      await tx.update(orangeReportPhotos).set({ caption, sortOrder: index }).where(eq(orangeReportPhotos.id, current.id));
    } else {
      await tx.insert(orangeReportPhotos).values({ reportId: report.id, fileId, kind, caption, sortOrder: index });
    }
  }
  return changes;
}

// ── Drafting ────────────────────────────────────────────────────────────────────────────────────

/** Starts a draft for a customer in the caller's scope (staff only); the wizard saves as it goes. */
export async function createDraft(db: Db, user: Caller, input: OrangeReportDraft): Promise<Detail> {
  assertCanAuthor(user);
  await assertCustomerInScope(db, user, input.customerId);
  const id = await db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id, timeZone: branches.timeZone })
      .from(customers)
      .innerJoin(branches, eq(branches.id, customers.branchId))
      .where(eq(customers.id, input.customerId));
    if (!customer) throw badRequest({ customerId: [validationText('invalid')] });
    await assertZone(tx, customer.id, input.zoneId);
    await assertRequest(tx, customer.id, input.serviceRequestId);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: customer.timeZone }).format(new Date());
    const number = await nextReportNumber(tx, Number(today.slice(0, 4)));
    const [row] = await tx
      .insert(orangeReports)
      .values({
        number,
        customerId: customer.id,
        authorId: user.id,
        status: 'draft',
        title: input.title ?? '',
        foundOn: input.foundOn ?? today,
        category: input.category ?? null,
        urgency: input.urgency ?? null,
        findings: input.findings ?? '',
        zoneId: input.zoneId ?? null,
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
        locationText: input.locationText ?? '',
        serviceRequestId: input.serviceRequestId ?? null,
      })
      .returning({ id: orangeReports.id });
    const reportId = row!.id;
    await addEvent(tx, { reportId, kind: 'created', authorId: user.id, toStatus: 'draft' });
    if (input.photos?.length) await writePhotos(tx, db, user, { id: reportId, customerId: customer.id, status: 'draft' }, input.photos, 'finding');
    if (input.recommendations?.length) await writeRecommendations(tx, reportId, input.recommendations, false);
    return reportId;
  });
  return getReportDetail(db, user, id);
}

const REVIEWED_TEXT_FIELDS = ['title', 'findings', 'locationText'] as const;

/**
 * Saves fields: the author while drafting or after a return; a reviewer while the report waits for
 * review — every change a reviewer makes is written to the timeline with the author's original.
 */
export async function updateReport(db: Db, user: Caller, id: string, input: OrangeReportUpdate): Promise<Detail> {
  await db.transaction(async (tx) => {
    const loaded = await loadReport(tx, user, id, true);
    const r = loaded.report;
    assertMay(user, loaded.facts, 'edit');
    if (input.customerId && input.customerId !== r.customerId) throw badRequest({ customerId: [validationText('invalid')] });
    const reviewing = r.status === 'submitted' && isReviewer(user, loaded.accountManagerId);
    await assertZone(tx, r.customerId, input.zoneId);
    await assertRequest(tx, r.customerId, input.serviceRequestId);
    await tx
      .update(orangeReports)
      .set({
        title: input.title,
        foundOn: input.foundOn,
        category: input.category,
        urgency: input.urgency,
        findings: input.findings,
        zoneId: input.zoneId,
        latitude: input.latitude,
        longitude: input.longitude,
        locationText: input.locationText,
        serviceRequestId: input.serviceRequestId,
        updatedAt: sql`now()`,
      })
      .where(eq(orangeReports.id, id));
    const captionChanges = input.photos ? await writePhotos(tx, db, user, { id, customerId: r.customerId, status: r.status }, input.photos, 'finding') : [];
    let priceChanges: { service: string; from: number | null; to: number | null }[] = [];
    if (input.recommendations) {
      const before = await tx.select().from(orangeReportRecommendations).where(eq(orangeReportRecommendations.reportId, id));
      await writeRecommendations(tx, id, input.recommendations, reviewing);
      if (reviewing) {
        const after = await tx.select().from(orangeReportRecommendations).where(eq(orangeReportRecommendations.reportId, id));
        priceChanges = after
          .map((line) => {
            const old = before.find((b) => b.serviceId === line.serviceId);
            return { service: line.names.en, from: old?.lineTotalCents ?? null, to: line.lineTotalCents };
          })
          .filter((change) => change.from !== change.to);
      }
    }
    if (!reviewing) return;
    for (const field of REVIEWED_TEXT_FIELDS) {
      const to = input[field];
      if (to !== undefined && to !== r[field]) await addEvent(tx, { reportId: id, kind: 'reviewer_edit', authorId: user.id, data: { field, from: r[field], to } });
    }
    for (const change of captionChanges) await addEvent(tx, { reportId: id, kind: 'reviewer_edit', authorId: user.id, data: { field: 'caption', ...change } });
    for (const change of priceChanges) await addEvent(tx, { reportId: id, kind: 'reviewer_edit', authorId: user.id, data: { field: 'price', ...change } });
  });
  return getReportDetail(db, user, id);
}

/** The author throws a draft away (its photos are detached and expire with the unattached uploads). */
export async function deleteDraft(db: Db, user: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const loaded = await loadReport(tx, user, id, true);
    assertMay(user, loaded.facts, 'delete');
    await tx
      .update(files)
      .set({ ownerType: null, ownerId: null, attachedAt: null })
      .where(and(eq(files.ownerType, REPORT_FILE_OWNER), eq(files.ownerId, id)));
    await tx.delete(orangeReports).where(eq(orangeReports.id, id));
  });
}

// ── Transitions ─────────────────────────────────────────────────────────────────────────────────

/** What a report needs before a reviewer sees it: 400 with every missing field at once. */
async function assertComplete(tx: Tx, report: typeof orangeReports.$inferSelect): Promise<void> {
  const required = validationText('required');
  const errors: Record<string, string[]> = {};
  if (!report.title.trim()) errors.title = [required];
  if (!report.category) errors.category = [required];
  if (!report.urgency) errors.urgency = [required];
  if (!report.findings.trim()) errors.findings = [required];
  if (!report.zoneId && report.latitude === null && !report.locationText.trim()) errors.location = ['Choose a zone, use your location or describe where it is.'];
  const [photos] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orangeReportPhotos)
    .where(and(eq(orangeReportPhotos.reportId, report.id), eq(orangeReportPhotos.kind, 'finding')));
  if ((photos?.n ?? 0) === 0) errors.photos = ['Add at least one photo.'];
  if (Object.keys(errors).length) throw badRequest(errors);
}

export type TransitionAction = Exclude<OrangeReportAction, 'edit' | 'delete' | 'comment'>;
export interface TransitionInput {
  note?: string;
  comment?: string;
  reason?: string;
  afterPhotos?: PhotoInput[];
}

const TARGET: Record<TransitionAction, OrangeReportStatus> = {
  submit: 'submitted',
  approve: 'approved',
  return: 'returned',
  acknowledge: 'acknowledged',
  requestProposal: 'acknowledged',
  decline: 'declined',
  resolve: 'resolved',
};

const EVENT_KIND: Record<TransitionAction, OrangeReportEventKind> = {
  submit: 'submitted',
  approve: 'approved',
  return: 'returned',
  acknowledge: 'acknowledged',
  requestProposal: 'proposal_requested',
  decline: 'declined',
  resolve: 'resolved',
};

/** One step of the report's life (policy.ts), written to the timeline and announced, in one transaction. */
export async function transitionReport(db: Db, user: Caller, id: string, action: TransitionAction, input: TransitionInput): Promise<Detail> {
  await db.transaction(async (tx) => applyTransition(tx, db, user, id, action, input));
  return getReportDetail(db, user, id);
}

async function applyTransition(tx: Tx, db: Db, user: Caller, id: string, action: TransitionAction, input: TransitionInput): Promise<void> {
  const loaded = await loadReport(tx, user, id, true);
  const r = loaded.report;
  assertMay(user, loaded.facts, action);
  const from = r.status;
  const to = TARGET[action];
  const now = new Date();
  const changes: Partial<typeof orangeReports.$inferInsert> = { status: to, updatedAt: now };
  const data: EventData = {};
  let text = input.note ?? '';
  switch (action) {
    case 'submit':
      await assertComplete(tx, r);
      changes.submittedAt = now;
      changes.returnComment = null;
      break;
    case 'return':
      changes.reviewerId = user.id;
      changes.returnComment = input.comment!;
      text = input.comment!;
      break;
    case 'approve':
      changes.reviewerId = user.id;
      changes.approvedAt = now;
      // Published: the report's photos may now reach the customer's users.
      await tx.update(files).set({ staffOnly: false }).where(and(eq(files.ownerType, REPORT_FILE_OWNER), eq(files.ownerId, id)));
      break;
    case 'acknowledge':
      changes.acknowledgedAt = now;
      changes.acknowledgedById = user.id;
      break;
    case 'requestProposal':
      changes.proposalRequestedAt = now;
      changes.acknowledgedAt = r.acknowledgedAt ?? now;
      changes.acknowledgedById = r.acknowledgedById ?? user.id;
      break;
    case 'decline':
      changes.declinedAt = now;
      changes.declineReason = input.reason!;
      text = input.reason!;
      data.reason = input.reason!;
      break;
    case 'resolve':
      changes.resolvedAt = now;
      if (input.afterPhotos?.length) {
        await writePhotos(tx, db, user, { id, customerId: r.customerId, status: 'resolved' }, input.afterPhotos, 'after');
        data.afterPhotos = input.afterPhotos.length;
      }
      break;
  }
  await tx.update(orangeReports).set(changes).where(eq(orangeReports.id, id));
  await addEvent(tx, {
    reportId: id,
    kind: EVENT_KIND[action],
    authorId: user.id,
    text,
    visibility: isPublished(to) ? 'all' : 'staff',
    fromStatus: from,
    toStatus: to,
    data,
    createdAt: now,
  });
  await announce(tx, action, refOf(loaded), { id: user.id, name: await nameOf(tx, user.id) }, text);
  await publishLiveEvent(tx, { type: ORANGE_REPORT_CHANGED, customerId: loaded.report.customerId, staffOnly: !isPublished(to), subject: { type: 'orange_report', id } });
}

/** Approves many waiting reports at once; the ones the caller cannot approve (now) are skipped. */
export async function bulkApprove(db: Db, user: Caller, ids: readonly string[]): Promise<OrangeReportBulkApproveResult> {
  const result: OrangeReportBulkApproveResult = { approved: 0, skipped: [] };
  for (const id of [...new Set(ids)]) {
    try {
      await db.transaction(async (tx) => applyTransition(tx, db, user, id, 'approve', {}));
      result.approved++;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const reason = error.statusCode === 404 ? 'not_found' : error.statusCode === 403 ? 'not_reviewer' : 'not_pending';
      result.skipped.push({ id, reason });
    }
  }
  return result;
}

/** A comment: staff anytime after drafting (staff-only until published), customer users on published reports. */
export async function addComment(db: Db, user: Caller, id: string, text: string): Promise<Detail> {
  await db.transaction(async (tx) => {
    const loaded = await loadReport(tx, user, id, true);
    assertMay(user, loaded.facts, 'comment');
    const status = loaded.report.status;
    await addEvent(tx, { reportId: id, kind: 'comment', authorId: user.id, text, visibility: isPublished(status) ? 'all' : 'staff' });
    await tx.update(orangeReports).set({ updatedAt: sql`now()` }).where(eq(orangeReports.id, id));
    await announce(tx, 'comment', refOf(loaded), { id: user.id, name: await nameOf(tx, user.id) }, text, isPublished(status));
    await publishLiveEvent(tx, { type: ORANGE_REPORT_CHANGED, customerId: loaded.report.customerId, staffOnly: !isPublished(status), subject: { type: 'orange_report', id } });
  });
  return getReportDetail(db, user, id);
}
