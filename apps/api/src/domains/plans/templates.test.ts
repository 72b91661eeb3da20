import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, PlanTemplate, PlanTemplateCreate, PlanTemplateSummary } from '@grove/shared';
import type { SignedIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { createPlanWorld, type PlanWorld } from './test-world.js';

const spring = (overrides: Partial<PlanTemplateCreate> = {}): PlanTemplateCreate => ({
  name: 'Spring essentials',
  season: 'spring',
  description: 'Mowing, edging and the first flower rotation.',
  items: [
    { service: 'Mowing and edging', frequency: { kind: 'weekly', weekday: 'tue' }, zoneKinds: ['turf'] },
    { service: 'Spring flower rotation', frequency: { kind: 'once', week: 3, weekday: 'thu' }, zoneKinds: ['bed'], notes: 'Pansies out, begonias in' },
    { service: 'Mulch', frequency: { kind: 'dates', dates: ['04-15'] } },
  ],
  ...overrides,
});

describe(`plan templates (${dbKind})`, () => {
  let ctx: TestContext;
  let w: PlanWorld;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await createPlanWorld(ctx);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = (as: SignedIn, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/quarterlyPlanTemplates', headers: as, payload });
  const list = async (as: SignedIn, query = '') => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/quarterlyPlanTemplates?${query}`, headers: as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page<PlanTemplateSummary>>();
  };

  it('a branch manager writes a global template; other staff read it but may not change it', async () => {
    const res = await post(w.as.branchManager, spring());
    expect(res.statusCode, res.body).toBe(201);
    const template = res.json<PlanTemplate>();
    expect(template).toMatchObject({ customerId: null, name: 'Spring essentials', season: 'spring', itemCount: 3, canEdit: true });
    expect(template.items[0]).toMatchObject({ service: 'Mowing and edging', frequency: { kind: 'weekly', weekday: 'tue' }, zoneKinds: ['turf'], zoneIds: [] });
    expect(template.items.every((item) => /^[0-9a-f-]{36}$/.test(item.id))).toBe(true);

    for (const as of [w.as.manager, w.as.crew, w.as.bizDev]) {
      const seen = await list(as);
      expect(seen.data.map((t) => t.id)).toContain(template.id);
      expect(seen.data.find((t) => t.id === template.id)!.canEdit).toBe(false);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/quarterlyPlanTemplates/${template.id}`, headers: as })).statusCode).toBe(200);
      expect((await post(as, spring({ name: 'Not allowed' }))).statusCode).toBe(403);
      const put = await ctx.app.inject({ method: 'PUT', url: `/api/quarterlyPlanTemplates/${template.id}`, headers: as, payload: spring({ name: 'Renamed' }) });
      expect(put.statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/quarterlyPlanTemplates/${template.id}`, headers: as })).statusCode).toBe(403);
    }

    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/quarterlyPlanTemplates/${template.id}`,
      headers: w.as.branchManager,
      payload: { ...spring({ name: 'Spring essentials 2026' }), items: template.items },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Ids travel with the items through an edit.
    expect(renamed.json<PlanTemplate>().items.map((item) => item.id)).toEqual(template.items.map((item) => item.id));
  });

  it('customer users never see templates', async () => {
    for (const as of [w.as.propertyManager, w.as.board]) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/quarterlyPlanTemplates', headers: as })).statusCode).toBe(403);
      expect((await post(as, spring({ customerId: w.customer.id }))).statusCode).toBe(403);
    }
  });

  it('staff in scope keep a customer’s own templates; the zones must be the customer’s', async () => {
    const own = await post(w.as.manager, spring({ customerId: w.customer.id, name: 'Willow Creek spring', items: [{ service: 'Mow the front lawn', frequency: { kind: 'weekly', weekday: 'mon' }, zoneIds: [w.zones.turf] }] }));
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json<PlanTemplate>()).toMatchObject({ customerId: w.customer.id, customerName: 'Willow Creek HOA', canEdit: true });

    const foreignZone = await post(w.as.manager, spring({ customerId: w.customer.id, items: [{ service: 'Mow', frequency: { kind: 'weekly', weekday: 'mon' }, zoneIds: [w.otherZone] }] }));
    expect(foreignZone.statusCode).toBe(400);
    expect(foreignZone.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(['items.0.zoneIds']);

    // Out of scope: the customer does not exist for them.
    expect((await post(w.as.outsider, spring({ customerId: w.customer.id }))).statusCode).toBe(404);
    const ownId = own.json<PlanTemplate>().id;
    expect((await ctx.app.inject({ method: 'GET', url: `/api/quarterlyPlanTemplates/${ownId}`, headers: w.as.outsider })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/quarterlyPlanTemplates?customerId=${w.customer.id}`, headers: w.as.outsider })).statusCode).toBe(404);

    const forCustomer = await list(w.as.crew, `customerId=${w.customer.id}`);
    expect(forCustomer.data[0]!.id).toBe(ownId);
    expect(forCustomer.data.some((t) => t.customerId === null)).toBe(true);
    const onlyOwn = await list(w.as.crew, `customerId=${w.customer.id}&scope=customer`);
    expect(onlyOwn.data.map((t) => t.id)).toEqual([ownId]);
    // The global list never shows customers' templates.
    expect((await list(w.as.branchManager)).data.some((t) => t.customerId !== null)).toBe(false);
  });

  it('a copy for a customer picks the property’s zones by kind and leaves the source untouched', async () => {
    const source = (await post(w.as.branchManager, spring({ name: 'Copy source' }))).json<PlanTemplate>();
    const res = await ctx.app.inject({ method: 'POST', url: `/api/quarterlyPlanTemplates/${source.id}/copy`, headers: w.as.manager, payload: { customerId: w.customer.id } });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json<PlanTemplate>();
    expect(copy).toMatchObject({ customerId: w.customer.id, name: 'Copy source', sourceTemplate: { id: source.id, name: 'Copy source' } });
    expect(copy.items[0]!.zoneIds).toEqual([w.zones.turf]);
    expect(copy.items[1]!.zoneIds).toEqual([w.zones.bed]);
    expect(copy.items[0]!.id).not.toBe(source.items[0]!.id);
    const again = (await ctx.app.inject({ method: 'GET', url: `/api/quarterlyPlanTemplates/${source.id}`, headers: w.as.manager })).json<PlanTemplate>();
    expect(again.items).toEqual(source.items);
    const outside = await ctx.app.inject({ method: 'POST', url: `/api/quarterlyPlanTemplates/${source.id}/copy`, headers: w.as.manager, payload: { customerId: w.otherCustomer.id } });
    expect(outside.statusCode).toBe(404);
  });

  it('bad input is 400 with field errors, never 500', async () => {
    const res = await post(w.as.branchManager, {
      name: '',
      season: 'monsoon',
      items: [
        { service: 'Aeration', frequency: { kind: 'everyNWeeks', interval: 1, weekday: 'mon' } },
        { service: 'x'.repeat(121), frequency: { kind: 'dates', dates: ['02-30x'] } },
        { service: 'Monthly', frequency: { kind: 'monthly', dayOfMonth: 31 } },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    const { errors } = res.json<{ errors: Record<string, string[]> }>();
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['name', 'season', 'items.0.frequency.interval', 'items.1.service', 'items.1.frequency.dates.0', 'items.2.frequency.dayOfMonth']),
    );
    expect((await post(w.as.branchManager, { ...spring(), items: [] })).statusCode).toBe(400);
    expect((await post(w.as.branchManager, { ...spring(), regionId: crypto.randomUUID() })).statusCode).toBe(400);
    const badZone = await post(w.as.branchManager, spring({ items: [{ service: 'Mow', frequency: { kind: 'weekly', weekday: 'mon' }, zoneIds: [w.zones.turf] }] }));
    expect(badZone.statusCode).toBe(400);
  });

  it('search and season filter the list; deleting removes a template', async () => {
    await post(w.as.branchManager, spring({ name: 'Winter readiness', season: 'winter' }));
    const winter = await list(w.as.manager, 'season=winter');
    expect(winter.data.map((t) => t.name)).toEqual(['Winter readiness']);
    const search = await list(w.as.manager, 'search=readi');
    expect(search.data.map((t) => t.name)).toEqual(['Winter readiness']);
    const id = winter.data[0]!.id;
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/quarterlyPlanTemplates/${id}`, headers: w.as.branchManager })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/quarterlyPlanTemplates/${id}`, headers: w.as.branchManager })).statusCode).toBe(404);
  });
});
