import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceRequestDetail, ServiceRequestStatus } from '@grove/shared';
import { serviceRequestEvents, serviceRequestPriorities, serviceRequests } from '../../db/schema.js';
import { type SignedIn } from '../../test/factories.js';
import { createServiceRequest } from './test-factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { createRequestWorld, type RequestWorld } from './test-world.js';

type Action = 'acknowledge' | 'schedule' | 'start' | 'complete' | 'close' | 'cancel' | 'reopen';

const STATUSES: ServiceRequestStatus[] = ['new', 'acknowledged', 'scheduled', 'in_progress', 'completed', 'closed', 'cancelled'];

/** Issue 5's machine, written out independently of the implementation. */
const LEGAL_FROM: Record<Action, ServiceRequestStatus[]> = {
  acknowledge: ['new'],
  schedule: ['new', 'acknowledged', 'scheduled'],
  start: ['new', 'acknowledged', 'scheduled'],
  complete: ['new', 'acknowledged', 'scheduled', 'in_progress'],
  close: ['completed'],
  cancel: ['new', 'acknowledged', 'scheduled', 'in_progress'],
  reopen: ['completed', 'closed'],
};
const RESULT: Record<Action, ServiceRequestStatus> = {
  acknowledge: 'acknowledged',
  schedule: 'scheduled',
  start: 'in_progress',
  complete: 'completed',
  close: 'closed',
  cancel: 'cancelled',
  reopen: 'in_progress',
};
const BODY: Record<Action, object> = {
  acknowledge: {},
  schedule: { scheduledDate: '2030-01-15' },
  start: {},
  complete: { note: 'All done' },
  close: {},
  cancel: { reason: 'Not needed any more' },
  reopen: { reason: 'Still leaking' },
};

describe(`service request transitions (${dbKind})`, () => {
  let ctx: TestContext;
  let w: RequestWorld;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await createRequestWorld(ctx);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = (as: SignedIn, id: string, action: string, payload: object = {}) =>
    ctx.app.inject({ method: 'POST', url: `/api/ServiceRequests/${id}/${action}`, headers: as, payload });

  const request = (status: ServiceRequestStatus, values: Partial<typeof serviceRequests.$inferInsert> = {}) =>
    createServiceRequest(ctx, { customerId: w.customer.id, requesterId: w.resident.id, status, ...values });

  const statusOf = async (id: string) => (await ctx.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, id)))[0]!;

  for (const action of Object.keys(LEGAL_FROM) as Action[]) {
    for (const from of STATUSES) {
      const legal = LEGAL_FROM[action].includes(from);
      it(`${action} from ${from} → ${legal ? RESULT[action] : '409'}`, async () => {
        const r = await request(from);
        const res = await post(w.as.manager, r.id, action, BODY[action]);
        if (!legal) {
          expect(res.statusCode).toBe(409);
          expect(res.json<{ message: string }>().message).toMatch(/^Cannot \w+ a request that is [a-z ]+\.$/);
          expect((await statusOf(r.id)).status).toBe(from);
          return;
        }
        expect(res.statusCode).toBe(200);
        const detail = res.json<ServiceRequestDetail>();
        expect(detail.status).toBe(RESULT[action]);
        expect((await statusOf(r.id)).status).toBe(RESULT[action]);
        const events = await ctx.database.db.select().from(serviceRequestEvents).where(eq(serviceRequestEvents.requestId, r.id));
        if (from === RESULT[action]) {
          // Rescheduling a scheduled request: no status change, a schedule change.
          expect(events.map((e) => e.kind)).toEqual(['schedule_change']);
        } else {
          const change = events.find((e) => e.kind === 'status_change');
          expect(change).toMatchObject({ fromStatus: from, toStatus: RESULT[action], authorId: w.manager.id });
        }
      });
    }
  }

  it('stamps the acknowledgement when staff complete a new request, never a start that did not happen (issue 17 §2), and records the completion time', async () => {
    const r = await request('new');
    const res = await post(w.as.manager, r.id, 'complete', { note: 'Fixed on the spot' });
    const detail = res.json<ServiceRequestDetail>();
    expect(detail.acknowledgedAt).not.toBeNull();
    expect(detail.startedAt).toBeNull();
    expect(detail.completedAt).not.toBeNull();
    expect(detail.reopenUntil).not.toBeNull();
    expect(new Date(detail.reopenUntil!).getTime() - new Date(detail.completedAt!).getTime()).toBe(14 * 24 * 3600_000);
    expect(detail.timeline.at(-1)).toMatchObject({ kind: 'status_change', text: 'Fixed on the spot', toStatus: 'completed' });
  });

  it('accepts a step without a body at all', async () => {
    const r = await request('new');
    const res = await ctx.app.inject({ method: 'POST', url: `/api/ServiceRequests/${r.id}/acknowledge`, headers: w.as.manager });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ServiceRequestDetail>().status).toBe('acknowledged');
  });

  it('refuses to schedule a scheduled request for the same date again', async () => {
    const r = await request('scheduled', { scheduledDate: '2030-02-01' });
    const res = await post(w.as.manager, r.id, 'schedule', { scheduledDate: '2030-02-01' });
    expect(res.statusCode).toBe(409);
  });

  it('schedules with a time window and the crew, shows it, and refuses a window that ends before it starts (issue 17 §9)', async () => {
    const r = await request('acknowledged');
    const backwards = await post(w.as.manager, r.id, 'schedule', { scheduledDate: '2030-03-01', scheduledFrom: '11:00', scheduledTo: '09:00' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ errors: { scheduledTo: [expect.any(String)] } });
    const badTime = await post(w.as.manager, r.id, 'schedule', { scheduledDate: '2030-03-01', scheduledFrom: '25:00' });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json()).toMatchObject({ errors: { scheduledFrom: [expect.any(String)] } });
    expect((await statusOf(r.id)).status).toBe('acknowledged');

    const res = await post(w.as.manager, r.id, 'schedule', { scheduledDate: '2030-03-01', scheduledFrom: '09:00', scheduledTo: '11:30', assigneeId: w.crew.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ServiceRequestDetail>()).toMatchObject({ status: 'scheduled', scheduledDate: '2030-03-01', scheduledFrom: '09:00', scheduledTo: '11:30', assignee: { id: w.crew.id } });
    const list = await ctx.app.inject({ method: 'GET', url: `/api/ServiceRequests?customerId=${w.customer.id}&pageSize=100`, headers: w.as.manager });
    const row = list.json<{ data: { id: string; scheduledFrom: string | null; scheduledTo: string | null }[] }>().data.find((item) => item.id === r.id);
    expect(row).toMatchObject({ scheduledFrom: '09:00', scheduledTo: '11:30' });

    // Same day, other window: a reschedule, not "already scheduled"; the same again is.
    const moved = await post(w.as.manager, r.id, 'schedule', { scheduledDate: '2030-03-01', scheduledFrom: '13:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<ServiceRequestDetail>()).toMatchObject({ scheduledFrom: '13:00', scheduledTo: null });
    expect((await post(w.as.manager, r.id, 'schedule', { scheduledDate: '2030-03-01', scheduledFrom: '13:00' })).statusCode).toBe(409);
  });

  it('refuses a schedule date before today at the branch, and takes today', async () => {
    const r = await request('acknowledged');
    const yesterday = new Date(Date.now() - 36 * 3600_000).toISOString().slice(0, 10);
    const past = await post(w.as.manager, r.id, 'schedule', { scheduledDate: yesterday });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ errors: { scheduledDate: [expect.any(String)] } });
    expect((await statusOf(r.id)).status).toBe('acknowledged');
    const far = await post(w.as.manager, r.id, 'schedule', { scheduledDate: '2020-02-01' });
    expect(far.statusCode).toBe(400);
    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    expect((await post(w.as.manager, r.id, 'schedule', { scheduledDate: tomorrow })).statusCode).toBe(200);
  });

  it('needs a date to schedule and a reason to cancel or reopen', async () => {
    const r = await request('completed');
    const reopen = await post(w.as.resident, r.id, 'reopen', {});
    expect(reopen.statusCode).toBe(400);
    expect(reopen.json<{ errors: Record<string, string[]> }>().errors.reason).toEqual(['This field is required.']);
    const fresh = await request('new');
    expect((await post(w.as.manager, fresh.id, 'cancel', { reason: '   ' })).statusCode).toBe(400);
    expect((await post(w.as.manager, fresh.id, 'schedule', {})).statusCode).toBe(400);
  });

  describe('customer users', () => {
    it('cannot take staff steps (403)', async () => {
      const r = await request('new');
      for (const action of ['acknowledge', 'schedule', 'start', 'complete', 'assign', 'priority']) {
        const res = await post(w.as.resident, r.id, action, action === 'schedule' ? BODY.schedule : {});
        expect(res.statusCode, action).toBe(403);
      }
      expect((await statusOf(r.id)).status).toBe('new');
    });

    it('the requester cancels their own request while it is new, with the reason on the timeline', async () => {
      const r = await request('new');
      const res = await post(w.as.resident, r.id, 'cancel', { reason: 'Fixed it myself' });
      expect(res.statusCode).toBe(200);
      const detail = res.json<ServiceRequestDetail>();
      expect(detail).toMatchObject({ status: 'cancelled', cancelReason: 'Fixed it myself' });
      expect(detail.timeline.at(-1)).toMatchObject({ kind: 'status_change', toStatus: 'cancelled', data: { reason: 'Fixed it myself' } });
    });

    it('the requester cannot cancel once the team acknowledged it (409), others cannot cancel at all (403)', async () => {
      const acknowledged = await request('acknowledged');
      const late = await post(w.as.resident, acknowledged.id, 'cancel', BODY.cancel);
      expect(late.statusCode).toBe(409);
      expect(late.json<{ message: string }>().message).toMatch(/new request/);
      const fresh = await request('new');
      expect((await post(w.as.neighbour, fresh.id, 'cancel', BODY.cancel)).statusCode).toBe(403);
      expect((await post(w.as.propertyManager, fresh.id, 'cancel', BODY.cancel)).statusCode).toBe(403);
    });

    it('confirm a completed request closed', async () => {
      const r = await request('completed');
      const res = await post(w.as.propertyManager, r.id, 'close');
      expect(res.statusCode).toBe(200);
      expect(res.json<ServiceRequestDetail>()).toMatchObject({ status: 'closed' });
      expect(res.json<ServiceRequestDetail>().closedAt).not.toBeNull();
    });

    it('reopen within 14 days of completion: back in progress, resolution clock restarted', async () => {
      const completedAt = new Date(Date.now() - 10 * 24 * 3600_000);
      const r = await request('closed', { completedAt, resolutionDueAt: new Date(Date.now() - 5 * 24 * 3600_000) });
      const res = await post(w.as.resident, r.id, 'reopen', { reason: 'The sprinkler leaks again' });
      expect(res.statusCode).toBe(200);
      const detail = res.json<ServiceRequestDetail>();
      expect(detail).toMatchObject({ status: 'in_progress', reopenCount: 1, completedAt: null, closedAt: null, overdue: false });
      expect(new Date(detail.resolutionDueAt).getTime()).toBeGreaterThan(Date.now());
      expect(detail.timeline.at(-1)).toMatchObject({ fromStatus: 'closed', toStatus: 'in_progress', text: 'The sprinkler leaks again' });
    });

    it('cannot reopen after 14 days (409)', async () => {
      const r = await request('closed', { completedAt: new Date(Date.now() - 15 * 24 * 3600_000) });
      const res = await post(w.as.resident, r.id, 'reopen', BODY.reopen);
      expect(res.statusCode).toBe(409);
      expect(res.json<{ message: string }>().message).toBe('A request can only be reopened within 14 days of its completion.');
    });

    it('edit their request while it is new; not after, and not someone else’s', async () => {
      const r = await request('new');
      const put = (as: SignedIn, id: string) =>
        ctx.app.inject({ method: 'PUT', url: `/api/ServiceRequests/${id}`, headers: as, payload: { title: 'Broken head near gate 2' } });
      const own = await put(w.as.resident, r.id);
      expect(own.statusCode).toBe(200);
      expect(own.json<ServiceRequestDetail>().title).toBe('Broken head near gate 2');
      expect((await put(w.as.neighbour, r.id)).statusCode).toBe(403);
      const acknowledged = await request('acknowledged');
      expect((await put(w.as.resident, acknowledged.id)).statusCode).toBe(409);
      expect((await put(w.as.manager, acknowledged.id)).statusCode).toBe(200);
    });

    it('see exactly the actions they may take', async () => {
      const r = await request('new');
      const get = async (as: SignedIn) =>
        (await ctx.app.inject({ method: 'GET', url: `/api/ServiceRequests/${r.id}`, headers: as })).json<ServiceRequestDetail>().allowedActions;
      expect(await get(w.as.resident)).toEqual(['cancel', 'comment', 'edit']);
      expect(await get(w.as.neighbour)).toEqual(['comment']);
      expect(await get(w.as.manager)).toEqual(['acknowledge', 'schedule', 'start', 'complete', 'cancel', 'assign', 'priority', 'comment', 'internalNote', 'edit']);
      const done = await request('completed');
      const doneActions = (await ctx.app.inject({ method: 'GET', url: `/api/ServiceRequests/${done.id}`, headers: w.as.neighbour })).json<ServiceRequestDetail>();
      expect(doneActions.allowedActions).toEqual(['close', 'reopen', 'comment']);
    });
  });

  describe('assignment and priority', () => {
    it('assigns staff on the customer’s team and writes it to the timeline', async () => {
      const r = await request('new');
      const res = await post(w.as.manager, r.id, 'assign', { assigneeId: w.crew.id });
      expect(res.statusCode).toBe(200);
      const detail = res.json<ServiceRequestDetail>();
      expect(detail.assignee).toEqual({ id: w.crew.id, name: 'Carl Crew' });
      expect(detail.timeline.at(-1)).toMatchObject({ kind: 'assignment', data: { assigneeId: w.crew.id, assigneeName: 'Carl Crew' } });
      const unassign = await post(w.as.manager, r.id, 'assign', { assigneeId: null });
      expect(unassign.json<ServiceRequestDetail>().assignee).toBeNull();
    });

    it('refuses an assignee who is not staff on the team (400 on assigneeId)', async () => {
      const r = await request('new');
      for (const assigneeId of [w.branchManager.id, w.resident.id, w.outsider.id]) {
        const res = await post(w.as.manager, r.id, 'assign', { assigneeId });
        expect(res.statusCode).toBe(400);
        expect(res.json<{ errors: Record<string, string[]> }>().errors.assigneeId).toHaveLength(1);
      }
    });

    it('acknowledges, schedules or completes and assigns in the same step (issue 17 §2)', async () => {
      const r = await request('new');
      const acknowledged = await post(w.as.crew, r.id, 'acknowledge', { assigneeId: w.crew.id });
      expect(acknowledged.statusCode).toBe(200);
      const detail = acknowledged.json<ServiceRequestDetail>();
      expect(detail.status).toBe('acknowledged');
      expect(detail.assignee).toEqual({ id: w.crew.id, name: 'Carl Crew' });
      expect(detail.timeline.map((event) => event.kind).slice(-2)).toEqual(['status_change', 'assignment']);

      const scheduled = await post(w.as.manager, r.id, 'schedule', { scheduledDate: '2030-02-01', assigneeId: w.manager.id });
      expect(scheduled.json<ServiceRequestDetail>().assignee?.id).toBe(w.manager.id);

      const other = await request('in_progress');
      const completed = await post(w.as.crew, other.id, 'complete', { assigneeId: w.crew.id });
      expect(completed.statusCode).toBe(200);
      expect(completed.json<ServiceRequestDetail>()).toMatchObject({ status: 'completed', assignee: { id: w.crew.id } });
    });

    it('refuses an assignee off the team on a step and changes nothing (400, rolled back)', async () => {
      const r = await request('new');
      const res = await post(w.as.manager, r.id, 'acknowledge', { assigneeId: w.outsider.id });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ errors: Record<string, string[]> }>().errors.assigneeId).toHaveLength(1);
      expect(await statusOf(r.id)).toMatchObject({ status: 'new', assigneeId: null, acknowledgedAt: null });
    });

    it('refuses to assign or re-prioritise a finished request (409)', async () => {
      const r = await request('completed');
      expect((await post(w.as.manager, r.id, 'assign', { assigneeId: w.crew.id })).statusCode).toBe(409);
      const [high] = await ctx.database.db.select().from(serviceRequestPriorities).where(eq(serviceRequestPriorities.code, 'high'));
      expect((await post(w.as.manager, r.id, 'priority', { priorityId: high!.id })).statusCode).toBe(409);
    });

    it('changing the priority recomputes both due times from the filing time', async () => {
      // Filed Tue 2024-06-11 10:00 New York time.
      const r = await request('new', { createdAt: new Date('2024-06-11T14:00:00Z') });
      const [high] = await ctx.database.db.select().from(serviceRequestPriorities).where(eq(serviceRequestPriorities.code, 'high'));
      const res = await post(w.as.manager, r.id, 'priority', { priorityId: high!.id, note: 'Water running' });
      expect(res.statusCode).toBe(200);
      const detail = res.json<ServiceRequestDetail>();
      expect(detail.priority.code).toBe('high');
      // High: 1 business day → Wed 10:00; 3 business days → Fri 10:00.
      expect(detail.responseDueAt).toBe('2024-06-12T14:00:00.000Z');
      expect(detail.resolutionDueAt).toBe('2024-06-14T14:00:00.000Z');
      expect(detail.timeline.at(-1)).toMatchObject({ kind: 'priority_change', data: { fromPriority: 'Normal', toPriority: 'High' } });
    });
  });

  it('staff outside the customer’s scope get 404 for every step', async () => {
    const r = await request('new');
    for (const action of Object.keys(LEGAL_FROM) as Action[]) {
      expect((await post(w.as.outsider, r.id, action, BODY[action])).statusCode, action).toBe(404);
    }
    expect((await post(w.as.outsider, r.id, 'assign', { assigneeId: null })).statusCode).toBe(404);
    const rows = await ctx.database.db
      .select()
      .from(serviceRequestEvents)
      .where(and(eq(serviceRequestEvents.requestId, r.id)));
    expect(rows).toHaveLength(0);
  });
});
