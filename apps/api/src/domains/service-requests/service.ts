import { and, eq, isNull, sql } from 'drizzle-orm';
import { publishLiveEvent } from '../../live/publish.js';
import { SERVICE_REQUEST_CHANGED } from './live.js';
import {
  hasCustomerRole,
  hasStaffRole,
  parseRoles,
  validationText,
  type AssignBody,
  type BulkAssign,
  type BulkAssignResult,
  type CommentCreate,
  type ServiceRequestCreate,
  type ServiceRequestDetail,
  type ServiceRequestStatus,
  type ServiceRequestTransition,
  type ServiceRequestUpdate,
} from '@grove/shared';
import type { Db, Tx } from '../../db/client.js';
import {
  branches,
  customerTeam,
  customerUsers,
  customerZones,
  customers,
  serviceRequestEvents,
  serviceRequestPriorities,
  serviceRequestTypes,
  serviceRequests,
  users,
} from '../../db/schema.js';
import type { AuthUser } from '../../http/authenticate.js';
import { HttpError, badRequest, conflict, forbidden } from '../../http/errors.js';
import { attachFiles } from '../files/index.js';
import type { MessageParams } from '../notifications/index.js';
import type { ServiceRequestMessageKey } from './notifications.js';
import { assertCustomerInScope } from '../scope/index.js';
import { DEFAULT_PRIORITY_CODE } from '../service-request-types/index.js';
import { announceAssigned, announceCreated, announceToCustomer, type ActorRef, type RequestRef } from './announcements.js';
import { dueAt, localDateAt, localYear } from './business-hours.js';
import { STATUS_LABELS, localizedDate, withWindow } from './labels.js';
import { nextRequestNumber } from './numbering.js';
import { assertMay, assertStaffOnlyFields, can, isStaffUser } from './policy.js';
import { EVENT_OWNER, REQUEST_OWNER, getRequestDetail, loadRequestForUpdate, type LoadedRequest } from './queries.js';
import { TRANSITION_RULES } from './state-machine.js';

export interface ServiceRequestDeps {
  db: Db;
}

type Caller = Pick<AuthUser, 'id' | 'roles' | 'regionId' | 'branchId'>;
type EventData = Record<string, string | number | boolean | null>;

const NOT_ON_TEAM = 'The assignee must be a staff member on the customer’s team.';

async function actorOf(tx: Pick<Db, 'select'>, user: Caller): Promise<ActorRef> {
  const [row] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, user.id));
  return { id: user.id, name: `${row?.firstName ?? ''} ${row?.lastName ?? ''}`.trim(), isStaff: isStaffUser(user) };
}

function refOf(loaded: LoadedRequest): RequestRef {
  const r = loaded.request;
  return {
    id: r.id,
    number: r.number,
    title: r.title,
    customerId: r.customerId,
    customerName: loaded.customerName,
    requesterId: r.requesterId,
    assigneeId: r.assigneeId,
    accountManagerId: loaded.accountManagerId,
  };
}

async function addEvent(
  tx: Tx,
  values: {
    requestId: string;
    kind: (typeof serviceRequestEvents.$inferInsert)['kind'];
    authorId: string | null;
    text?: string;
    visibility?: 'all' | 'staff';
    fromStatus?: ServiceRequestStatus | null;
    toStatus?: ServiceRequestStatus | null;
    data?: EventData;
    createdAt: Date;
  },
): Promise<string> {
  const [row] = await tx
    .insert(serviceRequestEvents)
    .values({ visibility: 'all', text: '', data: {}, ...values })
    .returning({ id: serviceRequestEvents.id });
  return row!.id;
}

async function attachTo(
  tx: Tx,
  db: Db,
  user: Caller,
  customerId: string,
  ownerType: string,
  ownerId: string,
  fileIds: readonly string[] | undefined,
  staffOnly = false,
) {
  if (!fileIds?.length) return;
  await attachFiles(db, tx, { fileIds, customerId, ownerType, ownerId, userId: user.id, staffOnly });
}

/** Staff who may be assigned: active, holding a staff role, on the customer's team or its account manager. */
async function isOnTeam(tx: Pick<Db, 'select'>, customerId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ roles: users.roles })
    .from(users)
    .innerJoin(customers, eq(customers.id, customerId))
    .where(
      and(
        eq(users.id, userId),
        eq(users.active, true),
        sql`(${customers.accountManagerId} = ${users.id} or exists (select 1 from ${customerTeam} where ${customerTeam.customerId} = ${customers.id} and ${customerTeam.userId} = ${users.id}))`,
      ),
    )
    .limit(1);
  return Boolean(row && hasStaffRole(parseRoles(row.roles)));
}

async function activeType(tx: Pick<Db, 'select'>, typeId: string) {
  const [type] = await tx
    .select({ id: serviceRequestTypes.id })
    .from(serviceRequestTypes)
    .where(and(eq(serviceRequestTypes.id, typeId), isNull(serviceRequestTypes.retiredAt)));
  if (!type) throw badRequest({ typeId: [validationText('invalid')] });
  return type;
}

async function activePriority(tx: Pick<Db, 'select'>, priorityId: string | undefined) {
  const [priority] = await tx
    .select()
    .from(serviceRequestPriorities)
    .where(
      and(
        priorityId ? eq(serviceRequestPriorities.id, priorityId) : eq(serviceRequestPriorities.code, DEFAULT_PRIORITY_CODE),
        isNull(serviceRequestPriorities.retiredAt),
      ),
    );
  if (!priority) throw badRequest({ priorityId: [validationText(priorityId ? 'invalid' : 'required')] });
  return priority;
}

/** A zone must be one drawn on this customer's map (the foreign key alone would accept another customer's zone). */
async function assertZoneOfCustomer(tx: Pick<Db, 'select'>, customerId: string, zoneId: string | null | undefined) {
  if (!zoneId) return;
  const [zone] = await tx
    .select({ id: customerZones.id })
    .from(customerZones)
    .where(and(eq(customerZones.id, zoneId), eq(customerZones.customerId, customerId)));
  if (!zone) throw badRequest({ zoneId: [validationText('invalid')] });
}

// ── Filing and editing ──────────────────────────────────────────────────────────────────────────

/**
 * Files a request. Customer users file for a customer they are linked to and are its requester;
 * staff file in their scope, optionally naming the customer user who asked and an assignee.
 */
export async function createRequest(deps: ServiceRequestDeps, user: Caller, input: ServiceRequestCreate): Promise<ServiceRequestDetail> {
  const { db } = deps;
  assertStaffOnlyFields(user, { requesterId: input.requesterId, assigneeId: input.assigneeId });
  await assertCustomerInScope(db, user, input.customerId);
  const now = new Date();

  const id = await db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id, name: customers.name, accountManagerId: customers.accountManagerId, timeZone: branches.timeZone })
      .from(customers)
      .innerJoin(branches, eq(branches.id, customers.branchId))
      .where(eq(customers.id, input.customerId));
    if (!customer) throw badRequest({ customerId: [validationText('invalid')] });
    await activeType(tx, input.typeId);
    const priority = await activePriority(tx, input.priorityId);
    await assertZoneOfCustomer(tx, customer.id, input.zoneId);

    let requesterId = user.id;
    if (input.requesterId && input.requesterId !== user.id) {
      const [link] = await tx
        .select({ roles: users.roles })
        .from(customerUsers)
        .innerJoin(users, eq(users.id, customerUsers.userId))
        .where(
          and(
            eq(customerUsers.customerId, customer.id),
            eq(customerUsers.userId, input.requesterId),
            eq(customerUsers.status, 'active'),
            eq(users.active, true),
          ),
        );
      if (!link || !hasCustomerRole(parseRoles(link.roles))) {
        throw badRequest({ requesterId: ['The requester must be an active user of this customer.'] });
      }
      requesterId = input.requesterId;
    }
    const assigneeId = input.assigneeId ?? null;
    if (assigneeId && !(await isOnTeam(tx, customer.id, assigneeId))) throw badRequest({ assigneeId: [NOT_ON_TEAM] });

    const clock = priority.clock;
    const number = await nextRequestNumber(tx, localYear(now, customer.timeZone));
    const [row] = await tx
      .insert(serviceRequests)
      .values({
        number,
        customerId: customer.id,
        typeId: input.typeId,
        priorityId: priority.id,
        status: 'new',
        title: input.title,
        description: input.description ?? '',
        locationText: input.locationText ?? '',
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
        zoneId: input.zoneId ?? null,
        preferredContact: input.preferredContact ?? 'email',
        requesterId,
        createdById: user.id,
        assigneeId,
        responseDueAt: dueAt(now, priority.responseTargetHours, clock, customer.timeZone),
        resolutionDueAt: dueAt(now, priority.resolutionTargetHours, clock, customer.timeZone),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: serviceRequests.id });
    const requestId = row!.id;

    await addEvent(tx, { requestId, kind: 'status_change', authorId: user.id, fromStatus: null, toStatus: 'new', createdAt: now });
    if (assigneeId) {
      const [assignee] = await tx.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, assigneeId));
      await addEvent(tx, {
        requestId,
        kind: 'assignment',
        authorId: user.id,
        data: { assigneeId, assigneeName: `${assignee?.first ?? ''} ${assignee?.last ?? ''}`.trim() },
        createdAt: now,
      });
    }
    await attachTo(tx, db, user, customer.id, REQUEST_OWNER, requestId, [...(input.photoIds ?? []), ...(input.fileIds ?? [])]);

    const actor = await actorOf(tx, user);
    const ref: RequestRef = {
      id: requestId,
      number,
      title: input.title,
      customerId: customer.id,
      customerName: customer.name,
      requesterId,
      assigneeId,
      accountManagerId: customer.accountManagerId,
    };
    await announceCreated(tx, ref, actor);
    await announceChange(tx, ref.customerId, ref.id, false);
    return requestId;
  });
  return getRequestDetail(db, user, id);
}

/** Edits the describing fields (staff while open; the requester while new). No notification. */
export async function updateRequest(deps: ServiceRequestDeps, user: Caller, id: string, input: ServiceRequestUpdate): Promise<ServiceRequestDetail> {
  const { db } = deps;
  await db.transaction(async (tx) => {
    const loaded = await loadRequestForUpdate(tx, user, id);
    const r = loaded.request;
    assertMay(user, { status: r.status, requesterId: r.requesterId, completedAt: r.completedAt }, 'edit');
    if (input.typeId) await activeType(tx, input.typeId);
    await assertZoneOfCustomer(tx, r.customerId, input.zoneId);
    await tx
      .update(serviceRequests)
      .set({
        typeId: input.typeId,
        title: input.title,
        description: input.description,
        locationText: input.locationText,
        latitude: input.latitude,
        longitude: input.longitude,
        zoneId: input.zoneId,
        preferredContact: input.preferredContact,
        updatedAt: sql`now()`,
      })
      .where(eq(serviceRequests.id, id));
    await attachTo(tx, db, user, r.customerId, REQUEST_OWNER, id, [...(input.photoIds ?? []), ...(input.fileIds ?? [])]);
  });
  return getRequestDetail(db, user, id);
}

// ── Status changes ──────────────────────────────────────────────────────────────────────────────

export interface TransitionInput {
  /** Assign in the same change (acknowledge, schedule, complete); must be on the customer's team. */
  assigneeId?: string;
  note?: string;
  reason?: string;
  scheduledDate?: string;
  /** The visit's time window (`HH:mm`); absent or null: none. */
  scheduledFrom?: string | null;
  scheduledTo?: string | null;
  photoIds?: string[];
}

/** One step of the status machine (state-machine.ts), written to the timeline and announced. */
export async function transitionRequest(
  deps: ServiceRequestDeps,
  user: Caller,
  id: string,
  action: ServiceRequestTransition,
  input: TransitionInput,
): Promise<ServiceRequestDetail> {
  const { db } = deps;
  const now = new Date();
  await db.transaction(async (tx) => {
    const loaded = await loadRequestForUpdate(tx, user, id);
    const r = loaded.request;
    const from = r.status;
    assertMay(user, { status: from, requesterId: r.requesterId, completedAt: r.completedAt }, action, now);
    const to = TRANSITION_RULES[action].to;
    const changes: Partial<typeof serviceRequests.$inferInsert> = { status: to, updatedAt: now };
    const data: EventData = {};
    let text = input.note ?? '';

    switch (action) {
      case 'acknowledge':
        changes.acknowledgedAt = now;
        break;
      case 'schedule':
        // As the form: a visit is planned for today or later, by the calendar of the customer's branch.
        if (input.scheduledDate! < localDateAt(now, loaded.timeZone)) throw badRequest({ scheduledDate: [validationText('invalid')] });
        if (
          from === 'scheduled' &&
          r.scheduledDate === input.scheduledDate &&
          r.scheduledFrom === (input.scheduledFrom ?? null) &&
          r.scheduledTo === (input.scheduledTo ?? null)
        ) {
          throw conflict('The request is already scheduled for this date and time.');
        }
        changes.scheduledDate = input.scheduledDate!;
        changes.scheduledFrom = input.scheduledFrom ?? null;
        changes.scheduledTo = input.scheduledTo ?? null;
        changes.acknowledgedAt = r.acknowledgedAt ?? now;
        if (from !== 'scheduled') changes.scheduledAt = now;
        data.scheduledDate = input.scheduledDate!;
        if (input.scheduledFrom) data.scheduledFrom = input.scheduledFrom;
        if (input.scheduledTo) data.scheduledTo = input.scheduledTo;
        break;
      case 'start':
        changes.acknowledgedAt = r.acknowledgedAt ?? now;
        changes.startedAt = r.startedAt ?? now;
        break;
      case 'complete':
        // Completing implies the request was seen; it does not invent a start that never happened:
        // the stepper shows only steps that happened (issue 17 §2).
        changes.acknowledgedAt = r.acknowledgedAt ?? now;
        changes.completedAt = now;
        break;
      case 'close':
        changes.closedAt = now;
        break;
      case 'cancel':
        changes.cancelledAt = now;
        changes.cancelReason = input.reason!;
        text = input.reason!;
        data.reason = input.reason!;
        break;
      case 'reopen':
        // The work is owed again: the resolution target restarts now (decision 006).
        changes.reopenedAt = now;
        changes.reopenCount = r.reopenCount + 1;
        changes.completedAt = null;
        changes.closedAt = null;
        changes.resolutionDueAt = dueAt(now, loaded.priority.resolutionTargetHours, loaded.priority.clock, loaded.timeZone);
        text = input.reason!;
        data.reason = input.reason!;
        break;
    }
    await tx.update(serviceRequests).set(changes).where(eq(serviceRequests.id, id));

    let photoOwner: string | undefined;
    if (from !== to) {
      photoOwner = await addEvent(tx, { requestId: id, kind: 'status_change', authorId: user.id, text, fromStatus: from, toStatus: to, data, createdAt: now });
    }
    const windowChanged = r.scheduledFrom !== (input.scheduledFrom ?? null) || r.scheduledTo !== (input.scheduledTo ?? null);
    if (action === 'schedule' && (r.scheduledDate !== input.scheduledDate || windowChanged)) {
      const scheduleEvent = await addEvent(tx, {
        requestId: id,
        kind: 'schedule_change',
        authorId: user.id,
        text: photoOwner ? '' : text,
        data: {
          from: r.scheduledDate,
          to: input.scheduledDate!,
          ...(input.scheduledFrom ? { toFrom: input.scheduledFrom } : {}),
          ...(input.scheduledTo ? { toTo: input.scheduledTo } : {}),
        },
        createdAt: now,
      });
      photoOwner ??= scheduleEvent;
    }
    if (photoOwner) await attachTo(tx, db, user, r.customerId, EVENT_OWNER, photoOwner, input.photoIds);

    const actor = await actorOf(tx, user);
    const message: { key: ServiceRequestMessageKey; params: MessageParams } =
      action === 'schedule'
        ? { key: 'serviceRequest.scheduled' as const, params: { date: withWindow(localizedDate(input.scheduledDate!), input.scheduledFrom, input.scheduledTo) } }
        : { key: 'serviceRequest.status' as const, params: { status: STATUS_LABELS[to] } };
    await announceToCustomer(tx, refOf(loaded), actor, message);
    await announceChange(tx, r.customerId, id, false);
    if (input.assigneeId !== undefined && input.assigneeId !== r.assigneeId) {
      // Judged on the status before this step: completing assigns the one who did the work.
      assertMay(user, { status: from, requesterId: r.requesterId, completedAt: r.completedAt }, 'assign', now);
      if (!(await isOnTeam(tx, r.customerId, input.assigneeId))) throw badRequest({ assigneeId: [NOT_ON_TEAM] });
      await applyAssignment(tx, user, loaded, input.assigneeId, '');
    }
  });
  return getRequestDetail(db, user, id);
}

/** Open screens of the request refresh themselves (live/hub.ts); internal notes reach staff only. */
function announceChange(tx: Tx, customerId: string, requestId: string, staffOnly: boolean): Promise<void> {
  return publishLiveEvent(tx, { type: SERVICE_REQUEST_CHANGED, customerId, staffOnly, subject: { type: 'service_request', id: requestId } });
}

// ── Assignment, priority, comments ──────────────────────────────────────────────────────────────

export async function assignRequest(deps: ServiceRequestDeps, user: Caller, id: string, input: AssignBody): Promise<ServiceRequestDetail> {
  const { db } = deps;
  await db.transaction(async (tx) => {
    const loaded = await loadRequestForUpdate(tx, user, id);
    const r = loaded.request;
    assertMay(user, { status: r.status, requesterId: r.requesterId, completedAt: r.completedAt }, 'assign');
    if (input.assigneeId && !(await isOnTeam(tx, r.customerId, input.assigneeId))) throw badRequest({ assigneeId: [NOT_ON_TEAM] });
    if (r.assigneeId === input.assigneeId) return;
    await applyAssignment(tx, user, loaded, input.assigneeId, input.note ?? '');
  });
  return getRequestDetail(db, user, id);
}

async function applyAssignment(tx: Tx, user: Caller, loaded: LoadedRequest, assigneeId: string | null, note: string): Promise<void> {
  const now = new Date();
  const id = loaded.request.id;
  await tx.update(serviceRequests).set({ assigneeId, updatedAt: now }).where(eq(serviceRequests.id, id));
  let assigneeName: string | null = null;
  if (assigneeId) {
    const [row] = await tx.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, assigneeId));
    assigneeName = `${row?.first ?? ''} ${row?.last ?? ''}`.trim();
  }
  await addEvent(tx, { requestId: id, kind: 'assignment', authorId: user.id, text: note, data: { assigneeId, assigneeName }, createdAt: now });
  await announceChange(tx, loaded.request.customerId, id, false);
  if (!assigneeId) return;
  const actor = await actorOf(tx, user);
  await announceAssigned(tx, { ...refOf(loaded), assigneeId }, actor, assigneeId);
}

/** Assigns many requests at once; ids out of scope, not open, or whose team lacks the assignee are skipped. */
export async function bulkAssign(deps: ServiceRequestDeps, user: Caller, input: BulkAssign): Promise<BulkAssignResult> {
  const { db } = deps;
  const ids = [...new Set(input.ids)];
  const result: BulkAssignResult = { updated: 0, skipped: [] };
  await db.transaction(async (tx) => {
    for (const id of ids) {
      let loaded: LoadedRequest;
      try {
        loaded = await loadRequestForUpdate(tx, user, id);
      } catch (error) {
        if (!(error instanceof HttpError && error.statusCode === 404)) throw error;
        result.skipped.push({ id, reason: 'not_found' });
        continue;
      }
      const r = loaded.request;
      // The same policy as a single assignment: 403 stops the whole call, 409 skips this request.
      const verdict = can(user, { status: r.status, requesterId: r.requesterId, completedAt: r.completedAt }, 'assign');
      if (!verdict.allowed) {
        if (verdict.status === 403) throw forbidden(verdict.reason);
        result.skipped.push({ id, reason: 'not_open' });
        continue;
      }
      if (input.assigneeId && !(await isOnTeam(tx, r.customerId, input.assigneeId))) {
        result.skipped.push({ id, reason: 'not_on_team' });
        continue;
      }
      result.updated++;
      if (r.assigneeId !== input.assigneeId) await applyAssignment(tx, user, loaded, input.assigneeId, '');
    }
  });
  return result;
}

/** Changes the priority and recomputes both due times on the new targets (decision 006). */
export async function changePriority(
  deps: ServiceRequestDeps,
  user: Caller,
  id: string,
  input: { priorityId: string; note?: string },
): Promise<ServiceRequestDetail> {
  const { db } = deps;
  await db.transaction(async (tx) => {
    const loaded = await loadRequestForUpdate(tx, user, id);
    const r = loaded.request;
    assertMay(user, { status: r.status, requesterId: r.requesterId, completedAt: r.completedAt }, 'priority');
    const priority = await activePriority(tx, input.priorityId);
    if (priority.id === r.priorityId) return;
    const clock = priority.clock;
    const now = new Date();
    await tx
      .update(serviceRequests)
      .set({
        priorityId: priority.id,
        responseDueAt: dueAt(r.createdAt, priority.responseTargetHours, clock, loaded.timeZone),
        resolutionDueAt: dueAt(r.reopenedAt ?? r.createdAt, priority.resolutionTargetHours, clock, loaded.timeZone),
        updatedAt: now,
      })
      .where(eq(serviceRequests.id, id));
    await addEvent(tx, {
      requestId: id,
      kind: 'priority_change',
      authorId: user.id,
      text: input.note ?? '',
      data: { fromPriority: loaded.priority.name, toPriority: priority.name, fromPriorityCode: loaded.priority.code, toPriorityCode: priority.code },
      createdAt: now,
    });
  });
  return getRequestDetail(db, user, id);
}

const EXCERPT_LENGTH = 200;

/** A comment (everyone in scope) or an internal note (staff only, never shown or announced to customers). */
export async function addComment(deps: ServiceRequestDeps, user: Caller, id: string, input: CommentCreate): Promise<ServiceRequestDetail> {
  const { db } = deps;
  const internal = input.internal ?? false;
  await db.transaction(async (tx) => {
    const loaded = await loadRequestForUpdate(tx, user, id);
    const r = loaded.request;
    assertMay(user, { status: r.status, requesterId: r.requesterId, completedAt: r.completedAt }, internal ? 'internalNote' : 'comment');
    const now = new Date();
    const eventId = await addEvent(tx, {
      requestId: id,
      kind: internal ? 'internal_note' : 'comment',
      visibility: internal ? 'staff' : 'all',
      authorId: user.id,
      text: input.text,
      createdAt: now,
    });
    await attachTo(tx, db, user, r.customerId, EVENT_OWNER, eventId, input.photoIds, internal);
    await tx.update(serviceRequests).set({ updatedAt: now }).where(eq(serviceRequests.id, id));
    await announceChange(tx, r.customerId, id, internal);
    if (internal) return;
    const actor = await actorOf(tx, user);
    const excerpt = input.text.length > EXCERPT_LENGTH ? `${input.text.slice(0, EXCERPT_LENGTH - 1)}…` : input.text;
    await announceToCustomer(tx, refOf(loaded), actor, { key: 'serviceRequest.comment', params: { excerpt } });
  });
  return getRequestDetail(db, user, id);
}
