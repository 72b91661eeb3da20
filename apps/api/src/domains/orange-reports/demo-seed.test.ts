import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORANGE_REPORT_STATUSES, type OrangeReportSummary, type Page } from '@grove/shared';
import { seedDemoData } from '../../seed/demo.js';
import { signIn } from '../../test/factories.js';
import { users } from '../../db/schema.js';
import { eq } from 'drizzle-orm';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';

describe(`orange report demo data (${dbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemoData(ctx.database.db, { password: 'Demo-Test-Password-1', log: ctx.app.log });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const as = async (email: string) => {
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    return signIn(ctx, user!);
  };
  const list = async (email: string, query = '') =>
    (await ctx.app.inject({ method: 'GET', url: `/api/OrangeReports?pageSize=100${query}`, headers: await as(email) })).json<Page<OrangeReportSummary>>();

  it('has reports in every status, a review queue for the account manager and published ones for the property manager', async () => {
    const crew = await list('crew-leader@demo.grove.test');
    expect(new Set(crew.data.map((r) => r.status))).toEqual(new Set(ORANGE_REPORT_STATUSES));
    const queue = await ctx.app.inject({ method: 'GET', url: '/api/OrangeReports/pending', headers: await as('account-manager@demo.grove.test') });
    expect(queue.json<Page<OrangeReportSummary>>().total).toBe(3);
    const customer = await list('property-manager@demo.grove.test');
    expect(customer.total).toBeGreaterThanOrEqual(5);
    expect(customer.data.every((r) => ['approved', 'acknowledged', 'resolved', 'declined'].includes(r.status))).toBe(true);
    expect(customer.data.every((r) => r.totalCents > 0)).toBe(true);
    // A new report continues the numbering after the demo ones.
    const created = await ctx.app.inject({ method: 'POST', url: '/api/OrangeReports', headers: await as('crew-leader@demo.grove.test'), payload: { customerId: crew.data[0]!.customerId } });
    expect(created.statusCode).toBe(201);
    expect(crew.data.map((r) => r.number)).not.toContain(created.json<{ number: string }>().number);
  });
});
