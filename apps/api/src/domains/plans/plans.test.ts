import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, PlanDetail, PlanSummary, PlanTemplate, PlanWeek } from '@grove/shared';
import { files, notifications } from '../../db/schema.js';
import type { SignedIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { completeEndedPlans, reportOverdueVisits } from './jobs.js';
import { addDays } from './recurrence.js';
import { planOccurrences } from './tables.js';
import { createPlanWorld, type PlanWorld } from './test-world.js';

describe(`quarterly plans (${dbKind})`, () => {
  let ctx: TestContext;
  let w: PlanWorld;
  let template: PlanTemplate;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await createPlanWorld(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/quarterlyPlanTemplates',
      headers: w.as.branchManager,
      payload: {
        name: 'Spring green-up',
        season: 'spring',
        items: [
          { service: 'Mowing and edging', frequency: { kind: 'weekly', weekday: 'tue' }, zoneKinds: ['turf'] },
          { service: 'Bed weeding', frequency: { kind: 'everyNWeeks', interval: 2, weekday: 'mon' }, zoneKinds: ['bed'] },
          { service: 'Mulch', frequency: { kind: 'dates', dates: ['04-02', '05-14'] } },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    template = res.json<PlanTemplate>();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const create = (as: SignedIn, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/quarterlyPlans', headers: as, payload });
  const get = (as: SignedIn, id: string) => ctx.app.inject({ method: 'GET', url: `/api/quarterlyPlans/${id}`, headers: as });
  const post = (as: SignedIn, url: string, payload: object = {}) => ctx.app.inject({ method: 'POST', url, headers: as, payload });
  const list = async (as: SignedIn, query = '') => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/quarterlyPlans?${query}`, headers: as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page<PlanSummary>>();
  };
  const notificationsOf = (userId: string, type: string) =>
    ctx.database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
  const fromTemplate = async (startDate = '2026-03-01') => {
    const res = await create(w.as.manager, { customerId: w.customer.id, templateId: template.id, startDate });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<PlanDetail>();
  };

  it('a plan from a template copies its items (zones by kind) and dates them; the template stays as it was', async () => {
    const plan = await fromTemplate();
    expect(plan).toMatchObject({ name: 'Spring green-up', status: 'draft', version: 0, startDate: '2026-03-01', endDate: '2026-05-29', template: { id: template.id } });
    expect(plan.items.map((item) => item.service)).toEqual(['Mowing and edging', 'Bed weeding', 'Mulch']);
    expect(plan.items[0]!.zoneIds).toEqual([w.zones.turf]);
    expect(plan.items[1]!.zoneIds).toEqual([w.zones.bed]);
    expect(plan.items.map((item) => item.id)).not.toContain(template.items[0]!.id);
    const dates = (itemIndex: number) => plan.occurrences.filter((o) => o.itemId === plan.items[itemIndex]!.id).map((o) => o.date);
    expect(dates(0).slice(0, 5)).toEqual(['2026-03-03', '2026-03-10', '2026-03-17', '2026-03-24', '2026-03-31']);
    expect(dates(0)).toContain('2026-04-07');
    expect(dates(1)).toEqual(['2026-03-02', '2026-03-16', '2026-03-30', '2026-04-13', '2026-04-27', '2026-05-11', '2026-05-25']);
    expect(dates(2)).toEqual(['2026-04-02', '2026-05-14']);
    expect(plan.zones.map((zone) => zone.id).sort()).toEqual([w.zones.turf, w.zones.bed].sort());

    // Editing the plan's item leaves the template alone.
    const items = plan.items.map((item, index) => (index === 0 ? { ...item, service: 'Mowing, edging and blowing', frequency: { kind: 'weekly', weekday: 'wed' } } : item));
    const saved = await ctx.app.inject({ method: 'PUT', url: `/api/quarterlyPlans/${plan.id}`, headers: w.as.manager, payload: { name: plan.name, startDate: plan.startDate, items } });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json<PlanDetail>();
    expect(after.items[0]!.service).toBe('Mowing, edging and blowing');
    expect(after.occurrences.filter((o) => o.itemId === after.items[0]!.id)[0]!.date).toBe('2026-03-04');
    const again = (await ctx.app.inject({ method: 'GET', url: `/api/quarterlyPlanTemplates/${template.id}`, headers: w.as.manager })).json<PlanTemplate>();
    expect(again.items).toEqual(template.items);
  });

  it('customer users never see drafts; they see the plan once published, and its users are told', async () => {
    const plan = await fromTemplate('2026-06-01');
    expect((await get(w.as.propertyManager, plan.id)).statusCode).toBe(404);
    expect((await list(w.as.propertyManager, `customerId=${w.customer.id}`)).data.map((p) => p.id)).not.toContain(plan.id);
    expect((await list(w.as.manager, `customerId=${w.customer.id}`)).data.map((p) => p.id)).toContain(plan.id);
    // Customer users may not write or publish.
    expect((await post(w.as.propertyManager, `/api/quarterlyPlans/${plan.id}/publish`)).statusCode).toBe(403);
    expect((await create(w.as.propertyManager, { customerId: w.customer.id, startDate: '2026-06-01' })).statusCode).toBe(403);

    const published = await post(w.as.manager, `/api/quarterlyPlans/${plan.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<PlanDetail>()).toMatchObject({ status: 'published', version: 1 });
    expect((await post(w.as.manager, `/api/quarterlyPlans/${plan.id}/publish`)).statusCode).toBe(409);

    const seen = await get(w.as.propertyManager, plan.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<PlanDetail>().permissions).toMatchObject({ acknowledge: true, edit: false, tick: false });
    expect((await get(w.as.strangerPm, plan.id)).statusCode).toBe(404);
    expect((await get(w.as.outsider, plan.id)).statusCode).toBe(404);
    const told = await notificationsOf(w.propertyManager.id, 'plan_published');
    expect(told.map((n) => n.link)).toContain(`/customerView/${w.customer.id}/plans/${plan.id}/view`);
    expect(await notificationsOf(w.board.id, 'plan_published')).not.toHaveLength(0);
    expect(await notificationsOf(w.strangerPm.id, 'plan_published')).toHaveLength(0);
  });

  it('acknowledge, revise, and the customer sees what changed since the version they acknowledged', async () => {
    const plan = await fromTemplate('2026-09-01');
    await post(w.as.manager, `/api/quarterlyPlans/${plan.id}/publish`);
    expect((await post(w.as.manager, `/api/quarterlyPlans/${plan.id}/acknowledge`)).statusCode).toBe(403);
    const ack = await post(w.as.propertyManager, `/api/quarterlyPlans/${plan.id}/acknowledge`);
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json<PlanDetail>()).toMatchObject({ acknowledgedVersion: 1, acknowledgedBy: { id: w.propertyManager.id, name: 'Paula Property' }, changesSinceAcknowledged: null });
    expect((await post(w.as.board, `/api/quarterlyPlans/${plan.id}/acknowledge`)).statusCode).toBe(409);
    expect((await notificationsOf(w.manager.id, 'plan_customer_activity')).some((n) => n.messageKey === 'plan.acknowledged')).toBe(true);

    // Revision: one item changed, one removed, one added.
    const detail = ack.json<PlanDetail>();
    // A spring template used in September: its spring-only dated item (mulch) is left out.
    expect(detail.items.map((item) => item.service)).toEqual(['Mowing and edging', 'Bed weeding']);
    const items = [
      { ...detail.items[0]!, frequency: { kind: 'everyNWeeks', interval: 2, weekday: 'tue' } },
      { service: 'Irrigation check', frequency: { kind: 'monthly', dayOfMonth: 5 }, zoneIds: [] },
    ];
    const revised = await ctx.app.inject({
      method: 'PUT',
      url: `/api/quarterlyPlans/${plan.id}`,
      headers: w.as.manager,
      payload: { name: detail.name, startDate: detail.startDate, items, changeNote: 'Mowing every other week in the dry season' },
    });
    expect(revised.statusCode, revised.body).toBe(200);
    expect(revised.json<PlanDetail>()).toMatchObject({ version: 2, acknowledgedVersion: 1 });

    const customerView = (await get(w.as.propertyManager, plan.id)).json<PlanDetail>();
    expect(customerView.permissions.acknowledge).toBe(true);
    expect(customerView.versions.map((v) => [v.version, v.changeNote])).toEqual([
      [1, ''],
      [2, 'Mowing every other week in the dry season'],
    ]);
    const changes = customerView.changesSinceAcknowledged!;
    expect(changes).toMatchObject({ fromVersion: 1, toVersion: 2, plan: [] });
    expect(changes.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ change: 'changed', service: 'Mowing and edging', fields: ['frequency'] }),
        expect.objectContaining({ change: 'removed', service: 'Bed weeding' }),
        expect.objectContaining({ change: 'added', service: 'Irrigation check' }),
      ]),
    );
    expect(changes.items).toHaveLength(3);
    expect((await notificationsOf(w.propertyManager.id, 'plan_published')).some((n) => n.messageKey === 'plan.revised')).toBe(true);

    // Acknowledging the new version clears the changes.
    const again = await post(w.as.board, `/api/quarterlyPlans/${plan.id}/acknowledge`);
    expect(again.json<PlanDetail>()).toMatchObject({ acknowledgedVersion: 2, changesSinceAcknowledged: null });
  });

  it('staff tick visits done with a photo, skipped with a reason, rescheduled; progress shows it; customers comment', async () => {
    const start = addDays(new Date().toISOString().slice(0, 10), -30);
    const plan = await fromTemplate(start);
    await post(w.as.manager, `/api/quarterlyPlans/${plan.id}/publish`);
    const [first, second, third] = plan.occurrences;
    const [photo] = await ctx.database.db
      .insert(files)
      .values({ kind: 'photo', originalName: 'mowed.jpg', storageKey: `test/${crypto.randomUUID()}`, mimeType: 'image/jpeg', sizeBytes: 1000, sha256: 'x'.repeat(64), uploadedBy: w.crew.id })
      .returning();
    const tick = (as: SignedIn, occurrenceId: string, payload: object) => post(as, `/api/quarterlyPlans/${plan.id}/occurrences/${occurrenceId}`, payload);

    const done = await tick(w.as.crew, first!.id, { status: 'done', note: 'Front lawn and entrance', photoIds: [photo!.id] });
    expect(done.statusCode, done.body).toBe(200);
    const afterDone = done.json<PlanDetail>().occurrences.find((o) => o.id === first!.id)!;
    expect(afterDone).toMatchObject({ status: 'done', note: 'Front lawn and entrance', updatedBy: { id: w.crew.id }, photos: [{ id: photo!.id, name: 'mowed.jpg' }] });

    const noReason = await tick(w.as.crew, second!.id, { status: 'skipped' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('reason');
    expect((await tick(w.as.crew, second!.id, { status: 'skipped', reason: 'weather', note: 'Storm' })).statusCode).toBe(200);
    const moved = addDays(third!.date, 2);
    const rescheduled = await tick(w.as.crew, third!.id, { status: 'rescheduled', date: moved });
    expect(rescheduled.json<PlanDetail>().occurrences.find((o) => o.id === third!.id)).toMatchObject({ status: 'rescheduled', date: moved, originalDate: third!.date });
    expect((await tick(w.as.crew, third!.id, { status: 'rescheduled', date: '2020-01-01' })).statusCode).toBe(400);

    // Customer users and staff outside the customer cannot tick.
    expect((await tick(w.as.propertyManager, first!.id, { status: 'done' })).statusCode).toBe(403);
    expect((await tick(w.as.outsider, first!.id, { status: 'done' })).statusCode).toBe(404);
    // Another plan's occurrence id is not found here.
    expect((await post(w.as.crew, `/api/quarterlyPlans/${plan.id}/occurrences/${crypto.randomUUID()}`, { status: 'done' })).statusCode).toBe(404);

    const customerView = (await get(w.as.propertyManager, plan.id)).json<PlanDetail>();
    expect(customerView.progress.done).toBe(1);
    expect(customerView.progress.skipped).toBe(1);
    expect(customerView.progress.overdue).toBeGreaterThan(0);
    expect(customerView.progress.total).toBe(plan.occurrences.length);
    // The customer may open the photo of a done visit.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/Files/${photo!.id}`, headers: w.as.propertyManager })).statusCode).toBe(200);

    const comment = await post(w.as.propertyManager, `/api/quarterlyPlans/${plan.id}/comments`, { text: 'Please mow before the HOA meeting on Friday.' });
    expect(comment.statusCode, comment.body).toBe(201);
    expect(comment.json<PlanDetail>().comments.at(-1)).toMatchObject({ author: { id: w.propertyManager.id }, authorIsStaff: false, text: 'Please mow before the HOA meeting on Friday.' });
    expect((await notificationsOf(w.manager.id, 'plan_customer_activity')).some((n) => n.messageKey === 'plan.comment')).toBe(true);
    expect((await post(w.as.propertyManager, `/api/quarterlyPlans/${plan.id}/comments`, { text: '' })).statusCode).toBe(400);

    // This week on the property.
    const week = await ctx.app.inject({ method: 'GET', url: `/api/quarterlyPlans/this-week?customerId=${w.customer.id}`, headers: w.as.board });
    expect(week.statusCode, week.body).toBe(200);
    const body = week.json<PlanWeek>();
    expect(body.plan?.id).toBe(plan.id);
    expect(body.visits.length).toBeGreaterThan(0);
    expect(body.visits.every((v) => v.date >= body.from && v.date <= body.to)).toBe(true);

    // Overdue visits are reported to the account manager once.
    const reported = await reportOverdueVisits(ctx.database.db, new Date());
    expect(reported).toBeGreaterThan(0);
    expect(await reportOverdueVisits(ctx.database.db, new Date())).toBe(0);
    const overdue = await notificationsOf(w.manager.id, 'plan_occurrence_overdue');
    expect(overdue.length).toBe(reported);
    const marked = await ctx.database.db.select().from(planOccurrences).where(eq(planOccurrences.id, first!.id));
    expect(marked[0]!.overdueNotifiedAt).toBeNull();
  });

  it('a PDF for boards, and the quarter completes after its end', async () => {
    const plan = await fromTemplate('2026-01-05');
    await post(w.as.manager, `/api/quarterlyPlans/${plan.id}/publish`);
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/quarterlyPlans/${plan.id}/pdf`, headers: w.as.board });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(String(pdf.headers['content-disposition'])).toContain('Spring-green-up-2026-01-05.pdf');

    expect(await completeEndedPlans(ctx.database.db, new Date('2026-04-10T12:00:00Z'))).toBeGreaterThan(0);
    const completed = (await get(w.as.manager, plan.id)).json<PlanDetail>();
    expect(completed).toMatchObject({ status: 'completed', permissions: { edit: false } });
    const edit = await ctx.app.inject({ method: 'PUT', url: `/api/quarterlyPlans/${plan.id}`, headers: w.as.manager, payload: { name: 'x', startDate: '2026-01-05', items: [] } });
    expect(edit.statusCode).toBe(409);
  });

  it('blank plans, deleting drafts, and bad input is 400 with field errors', async () => {
    const blank = await create(w.as.crew, {
      customerId: w.customer.id,
      name: 'Enhancement quarter',
      startDate: '2026-07-01',
      items: [{ service: 'Install new sod', frequency: { kind: 'dates', dates: ['2026-07-15'] }, zoneIds: [w.zones.turf] }],
    });
    expect(blank.statusCode, blank.body).toBe(201);
    const plan = blank.json<PlanDetail>();
    expect(plan).toMatchObject({ name: 'Enhancement quarter', template: null });
    expect(plan.occurrences.map((o) => o.date)).toEqual(['2026-07-15']);
    // A draft cannot be ticked; it can be deleted.
    expect((await post(w.as.crew, `/api/quarterlyPlans/${plan.id}/occurrences/${plan.occurrences[0]!.id}`, { status: 'done' })).statusCode).toBe(409);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/quarterlyPlans/${plan.id}`, headers: w.as.crew })).statusCode).toBe(204);
    expect((await get(w.as.crew, plan.id)).statusCode).toBe(404);

    const bad = await create(w.as.manager, {
      customerId: w.customer.id,
      startDate: '2026-13-01',
      items: [{ service: '', frequency: { kind: 'weekly' } }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ errors: Record<string, string[]> }>().errors)).toEqual(expect.arrayContaining(['startDate', 'items.0.service', 'items.0.frequency.weekday']));
    const outside = await create(w.as.manager, { customerId: w.customer.id, startDate: '2026-07-01', items: [{ service: 'Sod', frequency: { kind: 'dates', dates: ['2026-12-01'] } }] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(['items.0.frequency.dates']);
    const foreignZone = await create(w.as.manager, { customerId: w.customer.id, startDate: '2026-07-01', items: [{ service: 'Sod', frequency: { kind: 'weekly', weekday: 'mon' }, zoneIds: [w.otherZone] }] });
    expect(foreignZone.statusCode).toBe(400);
    const otherTemplate = await create(w.as.manager, { customerId: w.customer.id, templateId: crypto.randomUUID(), startDate: '2026-07-01' });
    expect(otherTemplate.statusCode).toBe(400);
    expect((await create(w.as.outsider, { customerId: w.customer.id, startDate: '2026-07-01' })).statusCode).toBe(404);
    // An empty draft cannot be published.
    const empty = (await create(w.as.manager, { customerId: w.customer.id, startDate: '2026-07-01' })).json<PlanDetail>();
    expect((await post(w.as.manager, `/api/quarterlyPlans/${empty.id}/publish`)).statusCode).toBe(400);
  });
});
