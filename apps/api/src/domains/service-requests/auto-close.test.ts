import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceRequestDetail } from '@grove/shared';
import { notifications, serviceRequestEvents, serviceRequests } from '../../db/schema.js';
import { createServiceRequest } from './test-factories.js';
import { outboxEmails } from '../../test/outbox-emails.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { autoCloseCompletedRequests } from './auto-close.js';
import { createRequestWorld, type RequestWorld } from './test-world.js';

const DAY = 24 * 3600_000;

describe(`auto-close of completed requests (${dbKind})`, () => {
  let ctx: TestContext;
  let w: RequestWorld;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await createRequestWorld(ctx);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('closes requests completed 7 or more days ago, leaves the rest, tells the customer side, and runs once', async () => {
    const now = new Date('2031-05-20T12:00:00Z');
    const make = (status: 'completed' | 'in_progress' | 'closed', completedDaysAgo: number | null) =>
      createServiceRequest(ctx, {
        customerId: w.customer.id,
        requesterId: w.resident.id,
        status,
        completedAt: completedDaysAgo === null ? null : new Date(now.getTime() - completedDaysAgo * DAY),
      });
    const old = await make('completed', 8);
    const exactly = await make('completed', 7);
    const recent = await make('completed', 6);
    const reopened = await make('in_progress', null);
    const closedAlready = await make('closed', 9);

    expect(await autoCloseCompletedRequests(ctx.database.db, now)).toBe(2);

    const rows = await ctx.database.db
      .select()
      .from(serviceRequests)
      .where(inArray(serviceRequests.id, [old.id, exactly.id, recent.id, reopened.id, closedAlready.id]));
    const status = Object.fromEntries(rows.map((r) => [r.id, r.status]));
    expect(status).toEqual({
      [old.id]: 'closed',
      [exactly.id]: 'closed',
      [recent.id]: 'completed',
      [reopened.id]: 'in_progress',
      [closedAlready.id]: 'closed',
    });
    expect(rows.find((r) => r.id === old.id)!.closedAt).toEqual(now);

    const events = await ctx.database.db.select().from(serviceRequestEvents).where(eq(serviceRequestEvents.requestId, old.id));
    expect(events).toEqual([
      expect.objectContaining({ kind: 'status_change', fromStatus: 'completed', toStatus: 'closed', authorId: null, data: { automatic: true, afterDays: 7 } }),
    ]);
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/ServiceRequests/${old.id}`, headers: w.as.resident })).json<ServiceRequestDetail>();
    expect(detail.timeline.at(-1)).toMatchObject({ author: null, toStatus: 'closed' });

    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, w.resident.id));
    expect(told.filter((n) => n.link?.includes(old.id))).toHaveLength(1);
    const mails = await outboxEmails(ctx, w.resident.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([`Service request ${exactly.number}: Closed`, `Service request ${old.number}: Closed`].sort());

    // A second run (another process, the next hour) finds nothing left to close.
    expect(await autoCloseCompletedRequests(ctx.database.db, now)).toBe(0);
    expect(await ctx.database.db.select().from(serviceRequestEvents).where(eq(serviceRequestEvents.requestId, old.id))).toHaveLength(1);
  });

  it('a closed request can still be reopened within 14 days of completion', async () => {
    const r = await createServiceRequest(ctx, {
      customerId: w.customer.id,
      requesterId: w.resident.id,
      status: 'completed',
      completedAt: new Date(Date.now() - 8 * DAY),
    });
    await autoCloseCompletedRequests(ctx.database.db, new Date());
    const res = await ctx.app.inject({ method: 'POST', url: `/api/ServiceRequests/${r.id}/reopen`, headers: w.as.resident, payload: { reason: 'Dead patch is back' } });
    expect(res.statusCode).toBe(200);
    expect(res.json<ServiceRequestDetail>().status).toBe('in_progress');
  });
});
