import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, PlanDetail } from '@grove/shared';
import type { SignedIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
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
});
