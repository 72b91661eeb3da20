import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, customers, serviceRequests } from '../../db/schema.js';
import { createBranch, createCustomer, createRegion, type CustomerRow } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { addBusinessHours } from './business-hours.js';
import { createServiceRequest } from './test-factories.js';

/*
 * Decision 031: a request's first-response and resolution times in business hours are stored on
 * its row by the database whenever filing, acknowledgement or completion times change (trigger
 * `service_requests_business_hours`, migration 0026), so the performance report reads a column.
 */
describe(`stored business hours of a request (${dbKind})`, () => {
  let ctx: TestContext;
  let newYork: CustomerRow;
  let berlin: CustomerRow;

  beforeAll(async () => {
    ctx = await createTestContext();
    const region = await createRegion(ctx, { name: 'Stored hours' });
    newYork = await createCustomer(ctx, { branchId: (await createBranch(ctx, { regionId: region.id, name: 'NY', timeZone: 'America/New_York' })).id, name: 'NY customer' });
    berlin = await createCustomer(ctx, { branchId: (await createBranch(ctx, { regionId: region.id, name: 'Berlin', timeZone: 'Europe/Berlin' })).id, name: 'Berlin customer' });
  });
  afterAll(() => ctx.close());

  const stored = async (id: string) => {
    const [row] = await ctx.database.db
      .select({ firstResponse: serviceRequests.firstResponseHours, resolution: serviceRequests.resolutionHours })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, id));
    return row!;
  };
  const z = (iso: string) => new Date(iso);

  it('is empty until acknowledged, then set on each change of the times, across a weekend and DST', async () => {
    // Fri 6 Mar 2026 15:00 EST; DST starts Sun 8 Mar.
    const request = await createServiceRequest(ctx, { customerId: newYork.id, status: 'new', createdAt: z('2026-03-06T20:00:00Z') });
    expect(await stored(request.id)).toEqual({ firstResponse: null, resolution: null });
    // Mon 9 Mar 10:00 EDT: 2 h on Friday, 2 h on Monday.
    await ctx.database.db.update(serviceRequests).set({ status: 'acknowledged', acknowledgedAt: z('2026-03-09T14:00:00Z') }).where(eq(serviceRequests.id, request.id));
    expect(await stored(request.id)).toEqual({ firstResponse: 4, resolution: null });
    // Completed Mon 16:00 EDT: 10 h. An unrelated change leaves both alone.
    await ctx.database.db.update(serviceRequests).set({ status: 'completed', completedAt: z('2026-03-09T20:00:00Z') }).where(eq(serviceRequests.id, request.id));
    await ctx.database.db.update(serviceRequests).set({ title: 'Renamed' }).where(eq(serviceRequests.id, request.id));
    expect(await stored(request.id)).toEqual({ firstResponse: 4, resolution: 10 });
    // A reopening that clears completion clears the resolution time.
    await ctx.database.db.update(serviceRequests).set({ status: 'in_progress', completedAt: null }).where(eq(serviceRequests.id, request.id));
    expect(await stored(request.id)).toEqual({ firstResponse: 4, resolution: null });
  });

  it('agrees with the SLA clock: the time to addBusinessHours(start, h) stores h business hours', async () => {
    // Starts over 2026 (both DST changes in both zones) at any minute; h up to two weeks of business hours.
    const cases = fc.sample(
      fc.record({
        start: fc.integer({ min: Date.parse('2026-01-01T00:00:00Z') / 60_000, max: Date.parse('2026-12-31T00:00:00Z') / 60_000 }).map((minute) => new Date(minute * 60_000)),
        quarterHours: fc.integer({ min: 1, max: 90 * 4 }),
        berlin: fc.boolean(),
      }),
      { numRuns: 40, seed: 31 },
    );
    for (const { start, quarterHours, berlin: inBerlin } of cases) {
      const hours = quarterHours / 4;
      const customer = inBerlin ? berlin : newYork;
      const acknowledgedAt = addBusinessHours(start, hours, customer.id === berlin.id ? 'Europe/Berlin' : 'America/New_York');
      const request = await createServiceRequest(ctx, { customerId: customer.id, status: 'acknowledged', createdAt: start, acknowledgedAt });
      const { firstResponse } = await stored(request.id);
      expect({ start: start.toISOString(), zone: customer.name, firstResponse: Math.round(firstResponse! * 1e6) / 1e6 }).toEqual({ start: start.toISOString(), zone: customer.name, firstResponse: hours });
    }
  });

  it('the database function and the stored column agree for every request', async () => {
    const [row] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(serviceRequests)
      .innerJoin(customers, eq(customers.id, serviceRequests.customerId))
      .innerJoin(branches, eq(branches.id, customers.branchId))
      .where(
        sql`${serviceRequests.firstResponseHours} is distinct from business_hours_between(${serviceRequests.createdAt}, ${serviceRequests.acknowledgedAt}, ${branches.timeZone})
         or ${serviceRequests.resolutionHours} is distinct from business_hours_between(${serviceRequests.createdAt}, ${serviceRequests.completedAt}, ${branches.timeZone})`,
      );
    expect(row!.n).toBe(0);
  });
});
