import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrangeReportCustomerDetail, OrangeReportDetail, OrangeReportService, OrangeReportSummary, Page } from '@grove/shared';
import { customerUsers, files, notifications, outbox } from '../../db/schema.js';
import {
  addTeamMember,
  createBranch,
  createCustomer,
  createUser,
  linkCustomerUser,
  signIn,
  type CustomerRow,
  type SignedIn,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { seedDemoCatalogue } from './demo-catalogue.js';
import { listCatalogueServices } from './index.js';

type Detail = OrangeReportDetail;

describe(`orange reports (${dbKind})`, () => {
  let ctx: TestContext;
  let customer: CustomerRow;
  let people: Record<'manager' | 'crew' | 'otherCrew' | 'branchManager' | 'outsider' | 'propertyManager' | 'resident', TestUser>;
  let as: Record<keyof typeof people, SignedIn>;
  let catalogue: OrangeReportService[];

  beforeAll(async () => {
    ctx = await createTestContext();
    const branch = await createBranch(ctx);
    const otherBranch = await createBranch(ctx);
    const inBranch = { branchId: branch.id, regionId: branch.regionId };
    const manager = await createUser(ctx, { roles: ['Account Manager'], firstName: 'Mia', lastName: 'Manager', ...inBranch });
    const crew = await createUser(ctx, { roles: ['Crew Leader'], firstName: 'Carl', lastName: 'Crew', ...inBranch });
    const otherCrew = await createUser(ctx, { roles: ['Crew Leader'], firstName: 'Olga', lastName: 'Other', ...inBranch });
    const branchManager = await createUser(ctx, { roles: ['Branch Manager'], firstName: 'Bea', lastName: 'Branch', ...inBranch });
    const outsider = await createUser(ctx, { roles: ['Branch Manager'], branchId: otherBranch.id, regionId: otherBranch.regionId });
    const propertyManager = await createUser(ctx, { roles: ['Property Manager'], firstName: 'Paula', lastName: 'Property' });
    const resident = await createUser(ctx, { roles: ['Resident'] });
    customer = await createCustomer(ctx, { ...inBranch, accountManagerId: manager.id, name: 'Willow Creek HOA' });
    const otherCustomer = await createCustomer(ctx, inBranch);
    await addTeamMember(ctx, customer.id, manager.id, 'Account Manager');
    await addTeamMember(ctx, customer.id, crew.id, 'Crew Leader');
    await addTeamMember(ctx, otherCustomer.id, otherCrew.id, 'Crew Leader');
    for (const user of [propertyManager, resident]) {
      await linkCustomerUser(ctx, customer.id, user.id);
      await ctx.database.db.update(customerUsers).set({ roles: user.roles }).where(and(eq(customerUsers.customerId, customer.id), eq(customerUsers.userId, user.id)));
    }
    people = { manager, crew, otherCrew, branchManager, outsider, propertyManager, resident };
    as = Object.fromEntries(await Promise.all(Object.entries(people).map(async ([key, user]) => [key, await signIn(ctx, user)] as const))) as typeof as;
    await seedDemoCatalogue(ctx.database.db);
    catalogue = await listCatalogueServices(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const service = (name: string) => catalogue.find((s) => s.names.en === name)!;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: object) =>
    ctx.app.inject({ method, url, headers: who, ...(payload ? { payload } : {}) });
  async function photo(userId: string) {
    const [row] = await ctx.database.db
      .insert(files)
      .values({ kind: 'photo', originalName: 'head.jpg', storageKey: `test/${crypto.randomUUID()}`, mimeType: 'image/jpeg', sizeBytes: 1000, sha256: 'x'.repeat(64), uploadedBy: userId })
      .returning();
    return row!;
  }
  /** A complete draft by `who` (the crew leader unless said), ready to submit. */
  async function draft(who: SignedIn = as.crew, author: TestUser = people.crew, extra: object = {}) {
    const p = await photo(author.id);
    const res = await call('POST', '/api/OrangeReports', who, {
      customerId: customer.id,
      title: 'Broken irrigation head by the pool',
      category: 'irrigation',
      urgency: 'soon',
      findings: 'The rotor head next to the pool gate is snapped off and floods the path.',
      latitude: 33.95,
      longitude: -84.55,
      photos: [{ fileId: p.id, caption: 'Snapped rotor' }],
      recommendations: [{ serviceId: service('Irrigation head replacement').id, quantity: 2 }],
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { report: res.json<Detail>(), photo: p };
  }
  const act = (id: string, action: string, who: SignedIn, payload: object = {}) => call('POST', `/api/OrangeReports/${id}/${action}`, who, payload);
  async function published() {
    const { report, photo: p } = await draft();
    expect((await act(report.id, 'submit', as.crew)).statusCode).toBe(200);
    expect((await act(report.id, 'approve', as.manager)).statusCode).toBe(200);
    return { report, photo: p };
  }

  describe('drafting and submitting', () => {
    it('a crew leader starts a draft with a number, computes the total from the catalogue, and submits it', async () => {
      const { report } = await draft();
      expect(report.number).toMatch(/^OR-\d{4}-\d{4,}$/);
      expect(report.status).toBe('draft');
      expect(report.allowedActions).toEqual(expect.arrayContaining(['edit', 'submit', 'delete']));
      expect(report.recommendations[0]).toMatchObject({ quantity: 2, unitPriceCents: 4500, lineTotalCents: 9000 });
      expect(report.totalCents).toBe(9000);
      const submitted = await act(report.id, 'submit', as.crew);
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(submitted.json<Detail>()).toMatchObject({ status: 'submitted', allowedActions: ['comment'] });
      expect(submitted.json<Detail>().timeline.map((e) => e.kind)).toEqual(['created', 'submitted']);
    });

    it('numbers are distinct even when drafts start at once', async () => {
      const results = await Promise.all([1, 2, 3, 4].map(() => call('POST', '/api/OrangeReports', as.crew, { customerId: customer.id })));
      const numbers = results.map((r) => r.json<Detail>().number);
      expect(new Set(numbers).size).toBe(4);
    });

    it('submitting an incomplete draft answers 400 naming every missing field', async () => {
      const res = await call('POST', '/api/OrangeReports', as.crew, { customerId: customer.id });
      const id = res.json<Detail>().id;
      const submit = await act(id, 'submit', as.crew);
      expect(submit.statusCode).toBe(400);
      expect(Object.keys(submit.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual(['category', 'findings', 'location', 'photos', 'title', 'urgency']);
    });

    it('the total comes from catalogue prices, never from the client; priced-per-job lines take the estimate', async () => {
      const { report } = await draft(as.crew, people.crew, {
        recommendations: [
          { serviceId: service('Shrub replacement (3 gal)').id, quantity: 3, unitPriceCents: 1 },
          { serviceId: service('Tree removal').id, quantity: 1, unitPriceCents: 85000 },
          { serviceId: service('Hardwood mulch installation').id, quantity: 120.5 },
        ],
      });
      expect(report.recommendations.map((r) => r.lineTotalCents)).toEqual([19500, 85000, Math.round(120.5 * 85)]);
      expect(report.totalCents).toBe(19500 + 85000 + Math.round(120.5 * 85));
      const open = await draft(as.crew, people.crew, { recommendations: [{ serviceId: service('Tree removal').id, quantity: 1 }] });
      expect(open.report).toMatchObject({ totalCents: 0, totalIncomplete: true });
    });

    it('bad input answers 400 with field errors: unknown or retired service, negative quantity, foreign photo, another customer’s zone', async () => {
      const { report } = await draft();
      const cases: [object, string][] = [
        [{ recommendations: [{ serviceId: crypto.randomUUID(), quantity: 1 }] }, 'recommendations.0.serviceId'],
        [{ recommendations: [{ serviceId: service('Sod installation').id, quantity: -2 }] }, 'recommendations.0.quantity'],
        [{ recommendations: [{ serviceId: service('Sod installation').id, quantity: 0 }] }, 'recommendations.0.quantity'],
        [{ photos: [{ fileId: (await photo(people.manager.id)).id }] }, 'photos'],
        [{ zoneId: crypto.randomUUID() }, 'zoneId'],
        [{ latitude: 33.9 }, 'longitude'],
        [{ urgency: 'whenever' }, 'urgency'],
        [{ title: 'x'.repeat(121) }, 'title'],
      ];
      for (const [payload, field] of cases) {
        const res = await call('PUT', `/api/OrangeReports/${report.id}`, as.crew, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors), JSON.stringify(payload)).toContain(field);
      }
      const [retired] = await listCatalogueServices(ctx.database.db, { includeRetired: true }).then((all) => all.filter((s) => s.retired));
      const res = await call('PUT', `/api/OrangeReports/${report.id}`, as.crew, { recommendations: [{ serviceId: retired!.id, quantity: 1 }] });
      expect(res.json<{ errors: Record<string, string[]> }>().errors['recommendations.0.serviceId']).toBeDefined();
    });

    it('drafts are their author’s alone; the author deletes a draft but not a submitted report', async () => {
      const { report } = await draft();
      expect((await call('GET', `/api/OrangeReports/${report.id}`, as.manager)).statusCode).toBe(404);
      expect((await call('PUT', `/api/OrangeReports/${report.id}`, as.branchManager, { title: 'x' })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/OrangeReports/${report.id}`, as.crew)).statusCode).toBe(204);
      expect((await call('GET', `/api/OrangeReports/${report.id}`, as.crew)).statusCode).toBe(404);
      const sent = (await draft()).report;
      await act(sent.id, 'submit', as.crew);
      expect((await call('DELETE', `/api/OrangeReports/${sent.id}`, as.crew)).statusCode).toBe(409);
    });
  });

  describe('review', () => {
    it('return with a comment → the author fixes and resubmits → a reviewer corrects text and price → approve; the timeline keeps the original', async () => {
      const { report } = await draft();
      await act(report.id, 'submit', as.crew);
      expect((await act(report.id, 'return', as.manager, {})).statusCode).toBe(400);
      const returned = await act(report.id, 'return', as.manager, { comment: 'Please add a close-up of the valve box.' });
      expect(returned.json<Detail>()).toMatchObject({ status: 'returned', returnComment: 'Please add a close-up of the valve box.' });
      const authorNote = await ctx.database.db.select().from(notifications).where(and(eq(notifications.userId, people.crew.id), eq(notifications.type, 'orange_report_reviewed')));
      expect(authorNote).toHaveLength(1);

      const second = await photo(people.crew.id);
      const current = returned.json<Detail>();
      const fixed = await call('PUT', `/api/OrangeReports/${report.id}`, as.crew, {
        photos: [...current.allPhotos.map((p) => ({ fileId: p.fileId, caption: p.caption })), { fileId: second.id, caption: 'Valve box' }],
      });
      expect(fixed.json<Detail>().photoCount).toBe(2);
      expect((await act(report.id, 'submit', as.crew)).json<Detail>().status).toBe('submitted');

      const edited = await call('PUT', `/api/OrangeReports/${report.id}`, as.manager, {
        findings: 'The rotor head next to the pool gate is broken and floods the walkway.',
        recommendations: [{ serviceId: service('Irrigation head replacement').id, quantity: 2, unitPriceCents: 4000 }],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<Detail>().totalCents).toBe(8000);
      const approved = await act(report.id, 'approve', as.manager);
      expect(approved.json<Detail>()).toMatchObject({ status: 'approved', reviewer: { id: people.manager.id } });
      const timeline = approved.json<Detail>().timeline;
      expect(timeline.map((e) => e.kind)).toEqual(['created', 'submitted', 'returned', 'submitted', 'reviewer_edit', 'reviewer_edit', 'approved']);
      expect(timeline.find((e) => e.data.field === 'findings')?.data.from).toBe('The rotor head next to the pool gate is snapped off and floods the path.');
      expect(timeline.find((e) => e.data.field === 'price')?.data).toMatchObject({ from: 9000, to: 8000 });
    });

    it('illegal moves answer 409; actions of someone else’s role answer 403', async () => {
      const { report } = await draft();
      expect((await act(report.id, 'approve', as.crew)).statusCode).toBe(403);
      await act(report.id, 'submit', as.crew);
      expect((await act(report.id, 'submit', as.crew)).statusCode).toBe(409);
      expect((await act(report.id, 'approve', as.crew)).statusCode).toBe(403);
      expect((await call('PUT', `/api/OrangeReports/${report.id}`, as.crew, { title: 'Late change' })).statusCode).toBe(409);
      expect((await act(report.id, 'resolve', as.manager)).statusCode).toBe(409);
      expect((await act(report.id, 'approve', as.branchManager)).statusCode).toBe(200);
      expect((await act(report.id, 'approve', as.manager)).statusCode).toBe(409);
      expect((await act(report.id, 'return', as.manager, { comment: 'Too late' })).statusCode).toBe(409);
      expect((await act(report.id, 'acknowledge', as.manager)).statusCode).toBe(403);
      expect((await act(report.id, 'resolve', as.propertyManager)).statusCode).toBe(403);
      expect((await act(report.id, 'acknowledge', as.propertyManager)).statusCode).toBe(200);
      expect((await act(report.id, 'acknowledge', as.propertyManager)).statusCode).toBe(409);
      expect((await act(report.id, 'requestProposal', as.propertyManager)).statusCode).toBe(200);
      expect((await act(report.id, 'requestProposal', as.propertyManager)).statusCode).toBe(409);
      const resolved = await act(report.id, 'resolve', as.crew, { afterPhotos: [{ fileId: (await photo(people.crew.id)).id, caption: 'New head' }] });
      expect(resolved.json<Detail>()).toMatchObject({ status: 'resolved', proposalRequested: true });
      expect(resolved.json<Detail>().allPhotos.filter((p) => p.kind === 'after')).toHaveLength(1);
      expect((await act(report.id, 'decline', as.propertyManager, { reason: 'No' })).statusCode).toBe(409);
    });

    it('the customer declines with a reason; the account manager hears of it', async () => {
      const { report } = await published();
      expect((await act(report.id, 'decline', as.propertyManager, {})).statusCode).toBe(400);
      const declined = await act(report.id, 'decline', as.propertyManager, { reason: 'The board will handle this next year.' });
      expect(declined.json<OrangeReportCustomerDetail>()).toMatchObject({ status: 'declined', declineReason: 'The board will handle this next year.' });
      const heard = await ctx.database.db.select().from(notifications).where(and(eq(notifications.userId, people.manager.id), eq(notifications.type, 'orange_report_customer_response')));
      expect(heard.length).toBeGreaterThan(0);
    });

    it('the review queue lists waiting reports oldest first with their photo strip; bulk approve skips what it cannot approve', async () => {
      const first = (await draft()).report;
      const second = (await draft()).report;
      await act(first.id, 'submit', as.crew);
      await act(second.id, 'submit', as.crew);
      const queue = (await call('GET', `/api/OrangeReports/pending?customerId=${customer.id}`, as.manager)).json<Page<OrangeReportSummary & { canReview: boolean }>>();
      const ids = queue.data.map((r) => r.id);
      expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
      expect(queue.data.find((r) => r.id === first.id)).toMatchObject({ canReview: true, photoCount: 1 });
      expect(queue.data[0]!.photos[0]!.thumbnailUrl === null || typeof queue.data[0]!.photos[0]!.url === 'string').toBe(true);
      expect((await call('GET', `/api/OrangeReports/pending?customerId=${customer.id}`, as.outsider)).statusCode).toBe(404);
      const crewQueue = (await call('GET', '/api/OrangeReports/pending', as.crew)).json<Page<OrangeReportSummary & { canReview: boolean }>>();
      expect(crewQueue.data.every((r) => !r.canReview)).toBe(true);

      const draftOnly = (await draft()).report;
      const bulk = await call('POST', '/api/OrangeReports/bulk-approve', as.manager, { ids: [first.id, second.id, draftOnly.id, crypto.randomUUID()] });
      expect(bulk.json()).toMatchObject({ approved: 2, skipped: [{ id: draftOnly.id, reason: 'not_found' }, { reason: 'not_found' }] });
      const crewBulk = await call('POST', '/api/OrangeReports/bulk-approve', as.crew, { ids: [first.id] });
      expect(crewBulk.json()).toMatchObject({ approved: 0, skipped: [{ reason: 'not_reviewer' }] });
    });
  });

  describe('what customer users and other crews can see', () => {
    it('a customer user never sees an unapproved report: not in lists, counts, pins, by id, its photos, notifications or emails', async () => {
      const { report, photo: p } = await draft();
      await act(report.id, 'submit', as.crew);
      const listed = (await call('GET', `/api/OrangeReports?customerId=${customer.id}`, as.propertyManager)).json<Page<OrangeReportSummary>>();
      expect(listed.data.map((r) => r.id)).not.toContain(report.id);
      expect(listed.data.every((r) => ['approved', 'acknowledged', 'resolved', 'declined'].includes(r.status))).toBe(true);
      const search = (await call('GET', `/api/OrangeReports?search=${encodeURIComponent(report.number)}`, as.propertyManager)).json<Page<OrangeReportSummary>>();
      expect(search.total).toBe(0);
      const pins = (await call('GET', `/api/OrangeReports/map?customerId=${customer.id}`, as.propertyManager)).json<{ data: { id: string }[] }>();
      expect(pins.data.map((pin) => pin.id)).not.toContain(report.id);
      expect((await call('GET', `/api/OrangeReports/${report.id}`, as.propertyManager)).statusCode).toBe(404);
      expect((await act(report.id, 'acknowledge', as.propertyManager)).statusCode).toBe(404);
      expect((await call('GET', `/api/Files/${p.id}`, as.propertyManager)).statusCode).toBe(404);
      expect((await call('GET', `/api/Files/${p.id}`, as.manager)).statusCode).toBe(200);
      const before = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, people.propertyManager.id));
      expect(before.filter((n) => (n.params as { number?: string }).number === report.number)).toEqual([]);
      const mails = await ctx.database.db.select().from(outbox);
      expect(mails.filter((m) => JSON.stringify(m.payload).includes(report.number) && JSON.stringify(m.payload).includes('paula'))).toEqual([]);

      await act(report.id, 'approve', as.manager);
      expect((await call('GET', `/api/Files/${p.id}`, as.propertyManager)).statusCode).toBe(200);
      const shown = await call('GET', `/api/OrangeReports/${report.id}`, as.propertyManager);
      expect(shown.statusCode).toBe(200);
      const body = shown.json<Record<string, unknown>>();
      expect(body).not.toHaveProperty('reviewer');
      expect(body).not.toHaveProperty('returnComment');
      expect((body.timeline as { kind: string }[]).map((e) => e.kind)).toEqual(['approved']);
      expect((body.allowedActions as string[]).sort()).toEqual(['acknowledge', 'comment', 'decline', 'requestProposal']);
      const after = await ctx.database.db.select().from(notifications).where(and(eq(notifications.userId, people.propertyManager.id), eq(notifications.type, 'orange_report_published')));
      expect(after.some((n) => (n.params as { number?: string }).number === report.number)).toBe(true);
      expect(after.find((n) => (n.params as { number?: string }).number === report.number)?.link).toBe(`/customerView/${customer.id}/orange-reports/${report.id}/view`);
      // Residents are not routed this kind by default (the customer's settings decide).
      const resident = await ctx.database.db.select().from(notifications).where(and(eq(notifications.userId, people.resident.id), eq(notifications.type, 'orange_report_published')));
      expect(resident).toEqual([]);
    });

    it('a crew leader of another team cannot read, list or act on the reports; an out-of-scope manager neither', async () => {
      const { report } = await published();
      for (const who of [as.otherCrew, as.outsider]) {
        expect((await call('GET', `/api/OrangeReports/${report.id}`, who)).statusCode).toBe(404);
        expect((await act(report.id, 'resolve', who)).statusCode).toBe(404);
        const list = (await call('GET', '/api/OrangeReports', who)).json<Page<OrangeReportSummary>>();
        expect(list.data.map((r) => r.customerId)).not.toContain(customer.id);
      }
      expect((await call('POST', '/api/OrangeReports', as.otherCrew, { customerId: customer.id })).statusCode).toBe(404);
      expect((await call('POST', '/api/OrangeReports', as.propertyManager, { customerId: customer.id })).statusCode).toBe(403);
    });

    it('returned reports stay with their author and the reviewers; another crew leader on the team does not see them', async () => {
      await addTeamMember(ctx, customer.id, people.otherCrew.id, 'Crew Leader');
      const { report } = await draft();
      await act(report.id, 'submit', as.crew);
      expect((await call('GET', `/api/OrangeReports/${report.id}`, as.otherCrew)).statusCode).toBe(200);
      await act(report.id, 'return', as.branchManager, { comment: 'Which zone?' });
      expect((await call('GET', `/api/OrangeReports/${report.id}`, as.otherCrew)).statusCode).toBe(404);
      expect((await call('GET', `/api/OrangeReports/${report.id}`, as.manager)).statusCode).toBe(200);
      expect((await call('PUT', `/api/OrangeReports/${report.id}`, as.manager, { title: 'Reviewer edit' })).statusCode).toBe(409);
    });

    it('lists filter by status and search, export CSV for staff only', async () => {
      const list = (await call('GET', `/api/OrangeReports?customerId=${customer.id}&status=approved,acknowledged&search=irrigation`, as.manager)).json<Page<OrangeReportSummary>>();
      expect(list.total).toBeGreaterThan(0);
      expect(list.data.every((r) => ['approved', 'acknowledged'].includes(r.status))).toBe(true);
      const csv = await call('GET', `/api/OrangeReports/export.csv?customerId=${customer.id}`, as.manager);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body.split('\r\n')[0]).toContain('Number');
      expect((await call('GET', '/api/OrangeReports/export.csv', as.propertyManager)).statusCode).toBe(403);
    });
  });
});
