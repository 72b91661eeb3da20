import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, ServiceRequestDetail, ServiceRequestSummary } from '@grove/shared';
import { notifications, outbox, serviceRequestEvents, serviceRequests, users } from '../db/schema.js';
import { autoCloseCompletedRequests } from '../domains/service-requests/auto-close.js';
import { signIn } from '../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../test/test-app.js';
import { demoEmail, seedDemoData } from './demo.js';

describe(`demo service requests (${dbKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    expect(await seedDemoData(ctx.database.db, { password: 'Demo-Test-Password-1', log: ctx.app.log })).toBe(true);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const as = async (role: Parameters<typeof demoEmail>[0]) => {
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, demoEmail(role)));
    return signIn(ctx, user!);
  };

  it('seeds 40 requests in every status, with unique numbers and timelines', async () => {
    const rows = await ctx.database.db.select().from(serviceRequests);
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['new', 'acknowledged', 'scheduled', 'in_progress', 'completed', 'closed', 'cancelled']));
    expect(new Set(rows.map((r) => r.number)).size).toBe(40);
    expect(rows.every((r) => /^SR-\d{4}-\d{4}$/.test(r.number))).toBe(true);
    const [events] = await ctx.database.db.select({ n: count() }).from(serviceRequestEvents);
    expect(events!.n).toBeGreaterThan(120);
    // Nothing the hourly job would close at once: completed ones finished within the last 7 days.
    expect(await autoCloseCompletedRequests(ctx.database.db, new Date())).toBe(0);
  });

  it('the demo account manager sees overdue and unassigned requests and has notifications', async () => {
    const manager = await as('Account Manager');
    const overdue = (await ctx.app.inject({ method: 'GET', url: '/api/ServiceRequests?view=overdue', headers: manager })).json<Page<ServiceRequestSummary>>();
    expect(overdue.total).toBeGreaterThanOrEqual(3);
    const unassigned = (await ctx.app.inject({ method: 'GET', url: '/api/ServiceRequests?view=unassigned', headers: manager })).json<Page<ServiceRequestSummary>>();
    expect(unassigned.total).toBeGreaterThanOrEqual(1);
    const count = (await ctx.app.inject({ method: 'GET', url: '/api/Notifications/unread-count', headers: manager })).json<{ count: number }>();
    expect(count.count).toBeGreaterThan(0);
  });

  it('the demo property manager sees requests of her properties, never internal notes', async () => {
    const pm = await as('Property Manager');
    const page = (await ctx.app.inject({ method: 'GET', url: '/api/ServiceRequests?pageSize=100', headers: pm })).json<Page<ServiceRequestSummary>>();
    expect(page.total).toBeGreaterThan(0);
    for (const summary of page.data) {
      const detail = (await ctx.app.inject({ method: 'GET', url: `/api/ServiceRequests/${summary.id}`, headers: pm })).json<ServiceRequestDetail>();
      expect(detail.timeline.some((e) => e.kind === 'internal_note')).toBe(false);
    }
    const [pmNotes] = await ctx.database.db.select({ n: count() }).from(notifications).innerJoin(users, eq(users.id, notifications.userId)).where(eq(users.email, demoEmail('Property Manager')));
    expect(pmNotes!.n).toBeGreaterThan(0);
  });

  it('has notifications but sends no email (the demo addresses are not real)', async () => {
    expect(await ctx.database.db.select({ n: count() }).from(notifications)).not.toEqual([{ n: 0 }]);
    expect(await ctx.database.db.select().from(outbox)).toEqual([]);
  });
});
