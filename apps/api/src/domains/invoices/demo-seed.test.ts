import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgingSummary, InvoicePage } from '@grove/shared';
import { users } from '../../db/schema.js';
import { seedDemoData } from '../../seed/demo.js';
import { signIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';

describe(`demo invoices (${dbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemoData(ctx.database.db, { password: 'Demo-Test-Password-1', log: ctx.app.log });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const as = async (local: string) => {
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, `${local}@demo.grove.test`));
    return signIn(ctx, user!);
  };

  it('Whitlock Ridge shows every state to staff, the issued ones to its property manager, and an aging across buckets', async () => {
    const manager = await as('account-manager');
    const staff = (await ctx.app.inject({ method: 'GET', url: '/api/Invoices?pageSize=100', headers: manager })).json<InvoicePage>();
    const whitlock = staff.data.filter((i) => i.customerName === 'Whitlock Ridge HOA');
    expect(new Set(whitlock.map((i) => i.status))).toEqual(new Set(['draft', 'issued', 'partly_paid', 'paid', 'void']));
    expect(whitlock.every((i) => i.balanceCents === (i.status === 'void' ? 0 : i.totalCents - i.paidCents))).toBe(true);

    const pm = await as('property-manager');
    const own = (await ctx.app.inject({ method: 'GET', url: '/api/Invoices?pageSize=100', headers: pm })).json<InvoicePage>();
    expect(own.data.map((i) => i.status)).not.toContain('draft');
    expect(own.overdueCount).toBeGreaterThan(0);

    const aging = (await ctx.app.inject({ method: 'GET', url: '/api/Invoices/aging', headers: manager })).json<AgingSummary>();
    const buckets = [aging.totals.current, aging.totals.days1to30, aging.totals.days31to60, aging.totals.days61to90].filter((cents) => cents > 0);
    expect(buckets.length).toBeGreaterThanOrEqual(3);
    expect(aging.customers.length).toBeGreaterThanOrEqual(2);
  });
});
