import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, PlanComparison, PlanDetail, PlanOccurrence } from '@grove/shared';
import type { SignedIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { addDays } from './recurrence.js';
import { createPlanWorld, type PlanWorld } from './test-world.js';

type Errors = { errors: Record<string, string[]> };

describe(`plan versions compared, visits paged (${dbKind})`, () => {
  let ctx: TestContext;
  let w: PlanWorld;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await createPlanWorld(ctx);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (as: SignedIn, url: string) => ctx.app.inject({ method: 'GET', url, headers: as });
  const post = (as: SignedIn, url: string, payload: object = {}) => ctx.app.inject({ method: 'POST', url, headers: as, payload });
  const put = (as: SignedIn, id: string, plan: PlanDetail, items: object[], changeNote: string, extra: object = {}) =>
    ctx.app.inject({ method: 'PUT', url: `/api/quarterlyPlans/${id}`, headers: as, payload: { name: plan.name, startDate: plan.startDate, notes: plan.notes, items, changeNote, ...extra } });

  it('compares any two published versions, in either order, for staff and the customer', async () => {
    const created = await post(w.as.manager, '/api/quarterlyPlans', {
      customerId: w.customer.id,
      name: 'Summer care',
      startDate: '2026-06-01',
      items: [
        { service: 'Mowing', frequency: { kind: 'weekly', weekday: 'tue' }, zoneIds: [w.zones.turf] },
        { service: 'Bed weeding', frequency: { kind: 'everyNWeeks', interval: 2, weekday: 'mon' }, zoneIds: [w.zones.bed] },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const v0 = created.json<PlanDetail>();
    const id = v0.id;
    expect((await post(w.as.manager, `/api/quarterlyPlans/${id}/publish`, { changeNote: 'First' })).statusCode).toBe(200);
    // Version 2: mowing moves to Wednesdays.
    const [mowing, weeding] = v0.items;
    const v2 = await put(w.as.manager, id, v0, [{ ...mowing, frequency: { kind: 'weekly', weekday: 'wed' } }, weeding!], 'Mowing on Wednesdays');
    expect(v2.statusCode, v2.body).toBe(200);
    // Version 3: weeding removed, mulch added, notes changed.
    const v3 = await put(w.as.manager, id, v0, [{ ...mowing, frequency: { kind: 'weekly', weekday: 'wed' } }, { service: 'Mulch', frequency: { kind: 'dates', dates: ['2026-07-01'] } }], 'Mulch instead of weeding', {
      notes: 'Gate code 4411',
    });
    expect(v3.json<PlanDetail>().version).toBe(3);

    // 1 → 3: not just the last step.
    const res = await get(w.as.manager, `/api/quarterlyPlans/${id}/compare?from=1&to=3`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PlanComparison>();
    expect(body.from).toMatchObject({ version: 1, changeNote: 'First', notes: '' });
    expect(body.to).toMatchObject({ version: 3, changeNote: 'Mulch instead of weeding', notes: 'Gate code 4411' });
    expect(body.from.items.map((item) => item.service)).toEqual(['Mowing', 'Bed weeding']);
    expect(body.to.items.map((item) => item.service)).toEqual(['Mowing', 'Mulch']);
    expect(body.changes.plan).toEqual(['notes']);
    expect(body.changes.items.map((item) => [item.change, item.service, item.fields])).toEqual([
      ['changed', 'Mowing', ['frequency']],
      ['added', 'Mulch', []],
      ['removed', 'Bed weeding', []],
    ]);

    // 2 → 1 (backwards): Wednesday back to Tuesday, nothing added or removed.
    const back = (await get(w.as.manager, `/api/quarterlyPlans/${id}/compare?from=2&to=1`)).json<PlanComparison>();
    expect(back.changes).toMatchObject({ fromVersion: 2, toVersion: 1, plan: [] });
    expect(back.changes.items).toEqual([{ change: 'changed', itemId: mowing!.id, service: 'Mowing', fields: ['frequency'] }]);

    // The customer compares the versions of a plan they see; staff outside the customer do not.
    const customer = await get(w.as.propertyManager, `/api/quarterlyPlans/${id}/compare?from=1&to=2`);
    expect(customer.statusCode, customer.body).toBe(200);
    expect((await get(w.as.outsider, `/api/quarterlyPlans/${id}/compare?from=1&to=2`)).statusCode).toBe(404);

    // Bad input: 400 with the field named, never 500.
    const same = await get(w.as.manager, `/api/quarterlyPlans/${id}/compare?from=2&to=2`);
    expect(same.statusCode).toBe(400);
    expect(same.json<Errors>().errors).toHaveProperty('to');
    const missing = await get(w.as.manager, `/api/quarterlyPlans/${id}/compare?from=1&to=9`);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<Errors>().errors)).toEqual(['to']);
    const junk = await get(w.as.manager, `/api/quarterlyPlans/${id}/compare?from=x&to=0`);
    expect(junk.statusCode).toBe(400);
    expect(Object.keys(junk.json<Errors>().errors).sort()).toEqual(['from', 'to']);
    expect((await get(w.as.manager, `/api/quarterlyPlans/${id}/compare`)).statusCode).toBe(400);
  });

  it('a draft has no versions to compare, and customers never learn it exists', async () => {
    const draft = (await post(w.as.manager, '/api/quarterlyPlans', { customerId: w.customer.id, startDate: '2026-09-01' })).json<PlanDetail>();
    expect((await get(w.as.manager, `/api/quarterlyPlans/${draft.id}/compare?from=1&to=2`)).statusCode).toBe(400);
    expect((await get(w.as.propertyManager, `/api/quarterlyPlans/${draft.id}/compare?from=1&to=2`)).statusCode).toBe(404);
    expect((await get(w.as.propertyManager, `/api/quarterlyPlans/${draft.id}/occurrences`)).statusCode).toBe(404);
  });

  it('pages a long visit list by date and filters it by state, overdue by the property’s day', async () => {
    const start = addDays(new Date().toISOString().slice(0, 10), -45);
    const created = await post(w.as.manager, '/api/quarterlyPlans', {
      customerId: w.customer.id,
      name: 'Busy quarter',
      startDate: start,
      items: ['mon', 'tue', 'wed', 'thu', 'fri'].map((weekday) => ({ service: `Patrol ${weekday}`, frequency: { kind: 'weekly', weekday } })),
    });
    const plan = created.json<PlanDetail>();
    await post(w.as.manager, `/api/quarterlyPlans/${plan.id}/publish`);
    const total = plan.occurrences.length;
    expect(total).toBeGreaterThan(60);
    const page = async (as: SignedIn, query: string) => {
      const res = await get(as, `/api/quarterlyPlans/${plan.id}/occurrences?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Page<PlanOccurrence>>();
    };

    const first = await page(w.as.crew, 'pageSize=20');
    expect(first).toMatchObject({ total, page: 1, pageSize: 20 });
    expect(first.data).toHaveLength(20);
    const all = [...first.data];
    for (let n = 2; all.length < total; n++) all.push(...(await page(w.as.crew, `pageSize=20&page=${n}`)).data);
    expect(all.map((o) => o.id)).toEqual(plan.occurrences.map((o) => o.id));
    expect(all.map((o) => o.date)).toEqual([...all.map((o) => o.date)].sort());

    const [a, b] = plan.occurrences;
    await post(w.as.crew, `/api/quarterlyPlans/${plan.id}/occurrences/${a!.id}`, { status: 'done' });
    await post(w.as.crew, `/api/quarterlyPlans/${plan.id}/occurrences/${b!.id}`, { status: 'skipped', reason: 'weather' });
    const done = await page(w.as.propertyManager, 'filter=done');
    expect(done.data.map((o) => [o.id, o.status])).toEqual([[a!.id, 'done']]);
    expect((await page(w.as.manager, 'filter=skipped')).data.map((o) => o.id)).toEqual([b!.id]);
    const overdue = await page(w.as.manager, 'filter=overdue&pageSize=100');
    expect(overdue.total).toBeGreaterThan(0);
    expect(overdue.data.every((o) => o.overdue && o.status === 'planned')).toBe(true);
    const open = await page(w.as.manager, 'filter=open&pageSize=5');
    expect(open.total).toBe(total - 2);
    expect(open.total).toBeGreaterThan(overdue.total);

    for (const query of ['page=0', 'pageSize=500', 'filter=late', 'page=x']) {
      const res = await get(w.as.manager, `/api/quarterlyPlans/${plan.id}/occurrences?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json<Errors>().errors ?? {}).length, query).toBe(1);
    }
    expect((await get(w.as.outsider, `/api/quarterlyPlans/${plan.id}/occurrences`)).statusCode).toBe(404);
  });
});
