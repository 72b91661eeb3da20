import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planListQuerySchema, type PlanDetail } from '@grove/shared';
import { branches } from '../../db/schema.js';
import type { AuthUser } from '../../http/authenticate.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { completeEndedPlans, planDailyJob, reportOverdueVisits } from './jobs.js';
import { getPlanDetail, listPlans, thisWeek } from './plan-service.js';
import { createPlanWorld, type PlanWorld } from './test-world.js';

/*
 * "Today" is the branch's calendar day (decision 024). At 02:30 UTC on 10 June it is still the
 * evening of 9 June in Atlanta (America/New_York) and already midday on 10 June in Tokyo: a visit
 * dated 9 June is due today for the first and overdue for the second; the daily job reports and
 * completes by the same clock.
 */
describe(`plans follow the branch's time zone (${dbKind})`, () => {
  let ctx: TestContext;
  let w: PlanWorld;
  let user: AuthUser;
  let plan: PlanDetail;

  const setZone = (timeZone: string) => ctx.database.db.update(branches).set({ timeZone }).where(eq(branches.id, w.customer.branchId));

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await createPlanWorld(ctx);
    user = { id: w.manager.id, sessionId: 'test', roles: w.manager.roles, regionId: w.customer.regionId, branchId: w.customer.branchId, language: 'en' } as AuthUser;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/quarterlyPlans',
      headers: w.as.manager,
      payload: { customerId: w.customer.id, startDate: '2026-06-01', name: 'Summer', items: [{ service: 'Irrigation check', frequency: { kind: 'dates', dates: ['2026-06-09', '2026-06-16'] } }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const published = await ctx.app.inject({ method: 'POST', url: `/api/quarterlyPlans/${created.json<PlanDetail>().id}/publish`, headers: w.as.manager, payload: {} });
    expect(published.statusCode, published.body).toBe(200);
    plan = published.json<PlanDetail>();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('a visit dated today in the branch is not overdue, though UTC is already a day ahead', async () => {
    const eveningInAtlanta = new Date('2026-06-10T02:30:00Z');
    await setZone('America/New_York');
    const atlanta = await getPlanDetail(ctx.database.db, user, plan.id, eveningInAtlanta);
    expect(atlanta.occurrences.map((o) => [o.date, o.overdue])).toEqual([
      ['2026-06-09', false],
      ['2026-06-16', false],
    ]);
    expect(atlanta.progress).toMatchObject({ overdue: 0, upcoming: 2, dueThisWeek: 1 });
    expect((await thisWeek(ctx.database.db, user, w.customer.id, eveningInAtlanta)).from).toBe('2026-06-09');
    const [summary] = (await listPlans(ctx.database.db, user, planListQuerySchema.parse({ customerId: w.customer.id }), eveningInAtlanta)).data;
    expect(summary!.progress.overdue).toBe(0);

    await setZone('Asia/Tokyo');
    const tokyo = await getPlanDetail(ctx.database.db, user, plan.id, eveningInAtlanta);
    expect(tokyo.occurrences.map((o) => [o.date, o.overdue])).toEqual([
      ['2026-06-09', true],
      ['2026-06-16', false],
    ]);
    expect(tokyo.progress).toMatchObject({ overdue: 1, upcoming: 1 });
    expect((await thisWeek(ctx.database.db, user, w.customer.id, eveningInAtlanta)).from).toBe('2026-06-10');
  });

  it('the daily job reports a visit 7 days overdue by the branch calendar', async () => {
    // 02:30 UTC on 16 June: 15 June in Atlanta (6 days late), 16 June in Tokyo (7 days late).
    const now = new Date('2026-06-16T02:30:00Z');
    await setZone('America/New_York');
    expect(await reportOverdueVisits(ctx.database.db, now)).toBe(0);
    await setZone('Asia/Tokyo');
    expect(await reportOverdueVisits(ctx.database.db, now)).toBe(1);
    expect(await reportOverdueVisits(ctx.database.db, now)).toBe(0);
  });

  it('the daily job completes a quarter once its last day is over in the branch', async () => {
    // The quarter's last day is 29 August; 03:00 UTC on 30 August is still 29 August in Atlanta.
    expect(plan.endDate).toBe('2026-08-29');
    const now = new Date('2026-08-30T03:00:00Z');
    await setZone('America/New_York');
    expect(await completeEndedPlans(ctx.database.db, now)).toBe(0);
    await setZone('Asia/Tokyo');
    expect(await completeEndedPlans(ctx.database.db, now)).toBe(1);
    expect((await getPlanDetail(ctx.database.db, user, plan.id, now)).status).toBe('completed');
  });

  it('the job runs hourly, so a quarter completes within the hour after the branch\'s midnight', async () => {
    expect(planDailyJob.schedule).toBe('20 * * * *');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/quarterlyPlans',
      headers: w.as.manager,
      payload: { customerId: w.customer.id, startDate: '2026-06-01', name: 'West coast', items: [{ service: 'Aeration', frequency: { kind: 'dates', dates: ['2026-06-10'] } }] },
    });
    const id = created.json<PlanDetail>().id;
    await ctx.app.inject({ method: 'POST', url: `/api/quarterlyPlans/${id}/publish`, headers: w.as.manager, payload: {} });
    await setZone('America/Los_Angeles');
    // The runs of 30 August (UTC) at :20; Los Angeles' 30 August begins at 07:00 UTC (PDT).
    let completedAt: number | null = null;
    for (let hour = 0; hour < 24 && completedAt === null; hour++) {
      if ((await completeEndedPlans(ctx.database.db, new Date(Date.UTC(2026, 7, 30, hour, 20)))) > 0) completedAt = hour;
    }
    expect(completedAt).toBe(7);
    expect((await getPlanDetail(ctx.database.db, user, id)).status).toBe('completed');
  });
});
