import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, PlanDetail } from '@grove/shared';
import type { SignedIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { localDay } from '../../lib/local-day.js';
import { addDays } from './recurrence.js';
import { createPlanWithItem } from './test-factories.js';
import { createPlanWorld, type PlanWorld } from './test-world.js';

/** The staff tile "Plans awaiting acknowledgement": published plans whose current version is unacknowledged, in scope only. */
describe(`plans dashboard tiles (${dbKind})`, () => {
  let ctx: TestContext;
  let w: PlanWorld;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await createPlanWorld(ctx);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const tile = async (as: SignedIn, id: string, query = '') => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/Dashboard${query}`, headers: as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Dashboard>().tiles.find((t) => t.id === id);
  };
  const post = (as: SignedIn, url: string, payload: object = {}) => ctx.app.inject({ method: 'POST', url, headers: as, payload });

  it('counts published plans until the customer acknowledges the current version; drafts and other teams never count', async () => {
    const created = await post(w.as.manager, '/api/quarterlyPlans', { customerId: w.customer.id, startDate: '2026-06-01', name: 'Summer care', items: [{ service: 'Mowing', frequency: { kind: 'weekly', weekday: 'mon' } }] });
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json<PlanDetail>();
    expect((await tile(w.as.manager, 'plans.awaiting-acknowledgement'))?.value).toBe(0);

    expect((await post(w.as.manager, `/api/quarterlyPlans/${plan.id}/publish`)).statusCode).toBe(200);
    const awaiting = await tile(w.as.manager, 'plans.awaiting-acknowledgement');
    expect(awaiting).toMatchObject({ status: 'ok', value: 1, tone: 'warning' });
    expect(awaiting?.items.map((item) => [item.title, item.subtitle, item.link])).toEqual([['Summer care', 'Willow Creek HOA', `/customers/${w.customer.id}/plans/${plan.id}/view`]]);
    // A branch manager of another branch does not see it; customer users do not get the tile.
    expect((await tile(w.as.outsider, 'plans.awaiting-acknowledgement'))?.value).toBe(0);
    expect(await tile(w.as.propertyManager, 'plans.awaiting-acknowledgement', `?customerId=${w.customer.id}`)).toBeUndefined();

    expect((await post(w.as.propertyManager, `/api/quarterlyPlans/${plan.id}/acknowledge`)).statusCode).toBe(200);
    expect(await tile(w.as.manager, 'plans.awaiting-acknowledgement')).toMatchObject({ value: 0, tone: 'good' });
  });

  it('shows open visits due in the branch’s next 7 days, overdue ones first and counted apart; done visits and drafts never count', async () => {
    const today = localDay(new Date(), 'America/New_York');
    const day = (offset: number) => addDays(today, offset);
    const published = await createPlanWithItem(ctx, { customerId: w.otherCustomer.id, status: 'published', startDate: day(-30), endDate: day(60) });
    await published.addVisit(day(-3), 'planned', null);
    await published.addVisit(day(-1), 'done', new Date());
    await published.addVisit(day(2), 'planned', null);
    await published.addVisit(day(6), 'rescheduled', null);
    await published.addVisit(day(8), 'planned', null);
    await published.addVisit(day(1), 'skipped', new Date());
    const draft = await createPlanWithItem(ctx, { customerId: w.otherCustomer.id, status: 'draft', startDate: day(-30), endDate: day(60) });
    await draft.addVisit(day(1), 'planned', null);

    // Elsewhere Estates is the outsider's branch (the first test's plan is Willow Creek's).
    const visits = await tile(w.as.outsider, 'plans.visits');
    expect(visits).toMatchObject({ value: 2, detail: '1 overdue', tone: 'warning' });
    expect(visits?.items.map((item) => [item.at, item.badge])).toEqual([
      [day(-3), 'Overdue'],
      [day(2), 'Planned'],
      [day(6), 'Planned'],
    ]);
    expect(visits?.items[0]).toMatchObject({ subtitle: 'Elsewhere Estates', link: `/customers/${w.otherCustomer.id}/plans/${published.plan.id}/view` });
    // Another branch's account manager never counts them.
    expect((await tile(w.as.manager, 'plans.visits'))?.items.some((item) => item.subtitle === 'Elsewhere Estates')).toBe(false);
    expect(await tile(w.as.propertyManager, 'plans.visits', `?customerId=${w.customer.id}`)).toBeUndefined();
  });
});
