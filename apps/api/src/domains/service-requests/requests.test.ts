import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, ServiceRequestDetail, ServiceRequestPriority, ServiceRequestSummary, ServiceRequestType } from '@grove/shared';
import { customerZones, files, serviceRequests, users } from '../../db/schema.js';
import { type SignedIn } from '../../test/factories.js';
import { createServiceRequest } from './test-factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { addBusinessHours } from './business-hours.js';
import { createRequestWorld, type RequestWorld } from './test-world.js';

describe(`service requests: filing, lists, export (${dbKind})`, () => {
  let ctx: TestContext;
  let w: RequestWorld;
  let types: ServiceRequestType[];
  let priorities: ServiceRequestPriority[];

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await createRequestWorld(ctx, { timeZone: 'America/Chicago' });
    types = (await ctx.app.inject({ method: 'GET', url: '/api/ServiceRequestTypes', headers: w.as.resident })).json<{ data: ServiceRequestType[] }>().data;
    priorities = (await ctx.app.inject({ method: 'GET', url: '/api/ServiceRequestPriorities', headers: w.as.resident })).json<{ data: ServiceRequestPriority[] }>()
      .data;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const typeId = (code: string) => types.find((t) => t.code === code)!.id;
  const priorityId = (code: string) => priorities.find((p) => p.code === code)!.id;
  const file = (as: SignedIn, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/ServiceRequests', headers: as, payload });
  const list = async (as: SignedIn, query: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/ServiceRequests?${query}`, headers: as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page<ServiceRequestSummary>>();
  };
  /** A stand-in for an upload through the file service: an unattached file of `user`. */
  async function uploaded(userId: string, kind: 'photo' | 'file' = 'photo') {
    const [row] = await ctx.database.db
      .insert(files)
      .values({
        kind,
        originalName: kind === 'photo' ? 'leak.jpg' : 'site-plan.pdf',
        storageKey: `test/${crypto.randomUUID()}`,
        mimeType: kind === 'photo' ? 'image/jpeg' : 'application/pdf',
        sizeBytes: 1234,
        sha256: 'x'.repeat(64),
        uploadedBy: userId,
      })
      .returning();
    return row!;
  }

  describe('filing', () => {
    it('a resident files for their customer with a photo: numbered, requester set, due times in business hours, on the timeline', async () => {
      const photo = await uploaded(w.resident.id);
      const before = Date.now();
      const res = await file(w.as.resident, {
        customerId: w.customer.id,
        typeId: typeId('irrigation'),
        title: 'Sprinkler head broken by the pool',
        description: 'Water runs onto the path.',
        locationText: 'Pool gate',
        latitude: 33.75,
        longitude: -84.39,
        preferredContact: 'text',
        photoIds: [photo.id],
      });
      expect(res.statusCode, res.body).toBe(201);
      const detail = res.json<ServiceRequestDetail>();
      const year = new Date().getFullYear();
      expect(detail.number).toMatch(new RegExp(`^SR-(${year}|${year - 1}|${year + 1})-\\d{4,}$`));
      expect(detail).toMatchObject({
        status: 'new',
        customerId: w.customer.id,
        customerName: 'Willow Creek HOA',
        requester: { id: w.resident.id, name: 'Rita Resident' },
        createdBy: { id: w.resident.id, name: 'Rita Resident' },
        priority: { code: 'normal' },
        type: { code: 'irrigation' },
        preferredContact: 'text',
        latitude: 33.75,
        longitude: -84.39,
        overdue: false,
        assignee: null,
      });
      expect(detail.attachments).toEqual([
        expect.objectContaining({ id: photo.id, kind: 'photo', name: 'leak.jpg', url: `/api/Files/${photo.id}/content` }),
      ]);
      expect(detail.timeline).toEqual([expect.objectContaining({ kind: 'status_change', fromStatus: null, toStatus: 'new' })]);
      // Normal: 2 / 7 business days (18 / 63 business hours) in the branch's zone.
      const created = new Date(detail.createdAt);
      expect(created.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(detail.responseDueAt).toBe(addBusinessHours(created, 18, 'America/Chicago').toISOString());
      expect(detail.resolutionDueAt).toBe(addBusinessHours(created, 63, 'America/Chicago').toISOString());
      const [stored] = await ctx.database.db.select().from(files).where(eq(files.id, photo.id));
      expect(stored).toMatchObject({ ownerType: 'service_request', ownerId: detail.id, customerId: w.customer.id });
    });

    it('an emergency is due in calendar hours', async () => {
      const res = await file(w.as.resident, { customerId: w.customer.id, typeId: typeId('drainage'), priorityId: priorityId('emergency'), title: 'Flooding' });
      const detail = res.json<ServiceRequestDetail>();
      const created = new Date(detail.createdAt).getTime();
      expect(new Date(detail.responseDueAt).getTime() - created).toBe(4 * 3600_000);
      expect(new Date(detail.resolutionDueAt).getTime() - created).toBe(24 * 3600_000);
    });

    it('staff file on behalf of a customer user and assign at once', async () => {
      const res = await file(w.as.manager, {
        customerId: w.customer.id,
        typeId: typeId('tree_care'),
        title: 'Fallen limb',
        requesterId: w.propertyManager.id,
        assigneeId: w.crew.id,
        preferredContact: 'phone',
      });
      expect(res.statusCode, res.body).toBe(201);
      const detail = res.json<ServiceRequestDetail>();
      expect(detail.requester?.id).toBe(w.propertyManager.id);
      expect(detail.createdBy?.id).toBe(w.manager.id);
      expect(detail.assignee?.id).toBe(w.crew.id);
      expect(detail.timeline.map((e) => e.kind)).toEqual(['status_change', 'assignment']);
    });

    it('refuses bad input with field errors', async () => {
      const empty = await file(w.as.resident, { customerId: w.customer.id, typeId: typeId('turf'), title: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json<{ errors: Record<string, string[]> }>().errors.title).toEqual(['This field is required.']);
      const halfPoint = await file(w.as.resident, { customerId: w.customer.id, typeId: typeId('turf'), title: 'x', latitude: 10 });
      expect(halfPoint.statusCode).toBe(400);
      const notRequester = await file(w.as.manager, { customerId: w.customer.id, typeId: typeId('turf'), title: 'x', requesterId: w.strangerResident.id });
      expect(notRequester.json<{ errors: Record<string, string[]> }>().errors.requesterId).toHaveLength(1);
      const notOnTeam = await file(w.as.manager, { customerId: w.customer.id, typeId: typeId('turf'), title: 'x', assigneeId: w.branchManager.id });
      expect(notOnTeam.json<{ errors: Record<string, string[]> }>().errors.assigneeId).toHaveLength(1);
      const someoneElsesPhoto = await uploaded(w.propertyManager.id);
      const stolen = await file(w.as.resident, { customerId: w.customer.id, typeId: typeId('turf'), title: 'x', photoIds: [someoneElsesPhoto.id] });
      expect(stolen.statusCode).toBe(400);
      expect(await ctx.database.db.select().from(serviceRequests).where(eq(serviceRequests.title, 'x'))).toHaveLength(0);
    });

    it('accepts a zone of the customer’s map only', async () => {
      const zone = (customerId: string) =>
        ctx.database.db
          .insert(customerZones)
          .values({ customerId, name: 'Front turf', kind: 'turf', color: '#2f9e44', geometry: { type: 'Polygon', coordinates: [] }, areaSqM: 100 })
          .returning()
          .then((rows) => rows[0]!);
      const own = await zone(w.customer.id);
      const foreign = await zone(w.otherCustomer.id);
      const ok = await file(w.as.resident, { customerId: w.customer.id, typeId: typeId('turf'), title: 'Bare spot', zoneId: own.id });
      expect(ok.statusCode).toBe(201);
      expect(ok.json<ServiceRequestDetail>().zoneId).toBe(own.id);
      const bad = await file(w.as.resident, { customerId: w.customer.id, typeId: typeId('turf'), title: 'Bare spot', zoneId: foreign.id });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ errors: Record<string, string[]> }>().errors.zoneId).toEqual(['This field is not valid.']);
    });

    it('customer users cannot set staff fields (403) nor file for a customer they are not linked to (404)', async () => {
      const assign = await file(w.as.resident, { customerId: w.customer.id, typeId: typeId('turf'), title: 'Assign me', assigneeId: w.crew.id });
      expect(assign.statusCode).toBe(403);
      const other = await file(w.as.resident, { customerId: w.otherCustomer.id, typeId: typeId('turf'), title: 'Elsewhere' });
      expect(other.statusCode).toBe(404);
      const outsider = await file(w.as.outsider, { customerId: w.customer.id, typeId: typeId('turf'), title: 'Elsewhere' });
      expect(outsider.statusCode).toBe(404);
    });

    it('numbers stay unique when many requests are filed at once', async () => {
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => file(w.as.manager, { customerId: w.customer.id, typeId: typeId('pest'), title: `Concurrent ${i}` })),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
      const numbers = results.map((r) => r.json<ServiceRequestDetail>().number);
      expect(new Set(numbers).size).toBe(12);
      const sequences = numbers.map((n) => Number(n.split('-')[2])).sort((a, b) => a - b);
      // Consecutive: no number lost or reused.
      expect(sequences.at(-1)! - sequences[0]!).toBe(11);
    });
  });

  describe('lists', () => {
    let ids: Record<string, string>;
    beforeAll(async () => {
      const c = w.customer.id;
      const past = new Date(Date.now() - 3600_000);
      const future = new Date(Date.now() + 30 * 24 * 3600_000);
      const mk = (values: Partial<typeof serviceRequests.$inferInsert>) => createServiceRequest(ctx, { customerId: c, responseDueAt: future, resolutionDueAt: future, ...values });
      ids = {
        lateResponse: (await mk({ title: 'Zeta late response', status: 'new', responseDueAt: past })).id,
        lateResolution: (await mk({ title: 'Eta late fix', status: 'scheduled', assigneeId: w.crew.id, resolutionDueAt: past })).id,
        acknowledgedPastResponse: (await mk({ title: 'Acked after response due', status: 'acknowledged', responseDueAt: past, assigneeId: w.manager.id })).id,
        doneLate: (await mk({ title: 'Done but was late', status: 'completed', resolutionDueAt: past, responseDueAt: past })).id,
        mine: (await mk({ title: 'Mine open', status: 'in_progress', assigneeId: w.manager.id })).id,
        other: (await createServiceRequest(ctx, { customerId: w.otherCustomer.id, title: 'Other customer', responseDueAt: past })).id,
      };
    });

    const only = (page: Page<ServiceRequestSummary>, keys: string[]) =>
      expect(page.data.map((r) => r.id).filter((id) => Object.values(ids).includes(id)).sort()).toEqual(keys.map((k) => ids[k]).sort());

    it('overdue: past response-due while new, or past resolution-due while open — as a flag and as a filter', async () => {
      const page = await list(w.as.manager, 'overdue=true&pageSize=100');
      only(page, ['lateResponse', 'lateResolution']);
      expect(page.data.every((r) => r.overdue)).toBe(true);
      const all = await list(w.as.manager, 'pageSize=100');
      const flag = (key: string) => all.data.find((r) => r.id === ids[key])!.overdue;
      expect(flag('acknowledgedPastResponse')).toBe(false);
      expect(flag('doneLate')).toBe(false);
      expect(flag('mine')).toBe(false);
      const view = await list(w.as.manager, 'view=overdue&pageSize=100');
      only(view, ['lateResponse', 'lateResolution']);
    });

    it('ready views: my open and unassigned', async () => {
      only(await list(w.as.manager, 'view=myOpen&pageSize=100'), ['acknowledgedPastResponse', 'mine']);
      const unassigned = await list(w.as.manager, 'view=unassigned&pageSize=100');
      expect(unassigned.data.every((r) => r.assignee === null && ['new', 'acknowledged', 'scheduled', 'in_progress'].includes(r.status))).toBe(true);
      expect(unassigned.data.map((r) => r.id)).toContain(ids.lateResponse);
      expect(unassigned.data.map((r) => r.id)).not.toContain(ids.doneLate);
    });

    it('filters by status list, assignee, customer, branch and search; pages and sorts', async () => {
      only(await list(w.as.manager, `status=scheduled,completed&customerId=${w.customer.id}&search=late`), ['lateResolution', 'doneLate']);
      only(await list(w.as.manager, `assigneeId=${w.crew.id}&search=Eta`), ['lateResolution']);
      const search = await list(w.as.admin, 'search=Other%20customer');
      expect(search.data.map((r) => r.id)).toEqual([ids.other]);
      const branch = await list(w.as.admin, `branchId=${w.customer.branchId}&search=late`);
      expect(branch.data.every((r) => r.branchId === w.customer.branchId)).toBe(true);
      const paged = await list(w.as.manager, 'pageSize=2&page=1&sort=title');
      expect(paged.data).toHaveLength(2);
      expect(paged.total).toBeGreaterThan(2);
      expect(paged).toMatchObject({ page: 1, pageSize: 2 });
      const titles = (await list(w.as.manager, 'pageSize=100&sort=title')).data.map((r) => r.title.toLowerCase());
      expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const number = (await list(w.as.manager, 'pageSize=1')).data[0]!.number;
      expect((await list(w.as.manager, `search=${number}`)).data.map((r) => r.number)).toContain(number);
    });

    it('totals without counting: a last page knows its total, a search says "more than" (decision 037)', async () => {
      const all = await list(w.as.manager, 'pageSize=100');
      const n = all.data.length;
      expect(n).toBeGreaterThan(3);
      expect(all).toMatchObject({ total: n, totalExact: true, nextCursor: null });
      // A full last page: exact, and no cursor to an empty page.
      expect(await list(w.as.manager, `pageSize=${n}`)).toMatchObject({ total: n, totalExact: true, nextCursor: null });
      // Not the last page: counted (capped), exact below the cap; the cursor leads on.
      const first = await list(w.as.manager, 'pageSize=2');
      expect(first).toMatchObject({ total: n, totalExact: true });
      expect(first.nextCursor).toBeTruthy();
      const last = await list(w.as.manager, `pageSize=2&page=${Math.ceil(n / 2)}`);
      expect(last).toMatchObject({ total: n, totalExact: true });
      // A search is not counted: "more than" the rows so far while a page follows, exact on the last.
      const matching = (await list(w.as.manager, 'pageSize=100&search=late')).data.length;
      expect(matching).toBeGreaterThan(1);
      expect(await list(w.as.manager, 'pageSize=1&search=late')).toMatchObject({ total: 1, totalExact: false });
      expect(await list(w.as.manager, `pageSize=1&page=${matching}&search=late`)).toMatchObject({ total: matching, totalExact: true });
    });

    it('filters by creation date (inclusive days)', async () => {
      const old = await createServiceRequest(ctx, { customerId: w.customer.id, title: 'From 2020', createdAt: new Date('2020-03-10T12:00:00Z') });
      const page = await list(w.as.manager, 'createdFrom=2020-03-10&createdTo=2020-03-10');
      expect(page.data.map((r) => r.id)).toEqual([old.id]);
      expect((await list(w.as.manager, 'createdFrom=2020-03-11&createdTo=2020-03-31')).data.map((r) => r.id)).not.toContain(old.id);
    });

    it('rejects unknown filter values', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/ServiceRequests?status=lost', headers: w.as.manager });
      expect(res.statusCode).toBe(400);
      const big = await ctx.app.inject({ method: 'GET', url: '/api/ServiceRequests?pageSize=1000', headers: w.as.manager });
      expect(big.statusCode).toBe(400);
    });

    it('shows map pins of one customer with a point, 404 outside scope', async () => {
      const pin = await createServiceRequest(ctx, { customerId: w.customer.id, title: 'Pinned', latitude: 40.1, longitude: -75.2, status: 'scheduled' });
      const res = await ctx.app.inject({ method: 'GET', url: `/api/ServiceRequests/map?customerId=${w.customer.id}`, headers: w.as.resident });
      expect(res.statusCode).toBe(200);
      const pins = res.json<{ data: { id: string }[] }>().data;
      expect(pins).toContainEqual({ id: pin.id, number: pin.number, title: 'Pinned', status: 'scheduled', lat: 40.1, lng: -75.2 });
      expect(pins.every((p) => p.id !== ids.lateResponse)).toBe(true);
      const outside = await ctx.app.inject({ method: 'GET', url: `/api/ServiceRequests/map?customerId=${w.otherCustomer.id}`, headers: w.as.resident });
      expect(outside.statusCode).toBe(404);
    });
  });

  describe('bulk assign', () => {
    it('assigns the requests it can and says why it skipped the others', async () => {
      const a = await createServiceRequest(ctx, { customerId: w.customer.id, title: 'Bulk A' });
      const b = await createServiceRequest(ctx, { customerId: w.customer.id, title: 'Bulk B', status: 'acknowledged' });
      const done = await createServiceRequest(ctx, { customerId: w.customer.id, title: 'Bulk done', status: 'closed' });
      const elsewhere = await createServiceRequest(ctx, { customerId: w.otherCustomer.id, title: 'Bulk elsewhere' });
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/ServiceRequests/bulk-assign',
        headers: w.as.manager,
        payload: { ids: [a.id, b.id, done.id, elsewhere.id], assigneeId: w.crew.id },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        updated: 2,
        skipped: [
          { id: done.id, reason: 'not_open' },
          { id: elsewhere.id, reason: 'not_found' },
        ],
      });
      const rows = await ctx.database.db.select().from(serviceRequests).where(inArray(serviceRequests.id, [a.id, b.id, done.id]));
      expect(Object.fromEntries(rows.map((r) => [r.id, r.assigneeId]))).toEqual({ [a.id]: w.crew.id, [b.id]: w.crew.id, [done.id]: null });
    });

    it('is for staff only', async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/ServiceRequests/bulk-assign', headers: w.as.propertyManager, payload: { ids: [crypto.randomUUID()], assigneeId: null } });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('CSV export', () => {
    it('exports the filter with formula-looking cells neutralised and headers in the caller’s language', async () => {
      await createServiceRequest(ctx, { customerId: w.customer.id, title: '=HYPERLINK("http://evil.example","click")', locationText: '+1 near, the "gate"' });
      await createServiceRequest(ctx, { customerId: w.otherCustomer.id, title: '@Other customer row' });
      const res = await ctx.app.inject({ method: 'GET', url: '/api/ServiceRequests/export.csv?search=HYPERLINK', headers: w.as.manager });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="service-requests-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'Number,Customer,Status,Priority,Type,Title,Location,Assignee,Requester,Created,Scheduled date,Response due,Resolution due,Overdue,Completed',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")","'+1 near, the ""gate""",`);
      expect(lines[1]).toContain(',New,Normal,Other,');
      expect(res.body).not.toContain('@Other customer row');
      // Timestamps are written by the database (decision 034) exactly as the API's ISO strings.
      const listed = (await ctx.app.inject({ method: 'GET', url: '/api/ServiceRequests?search=HYPERLINK', headers: w.as.manager })).json<{
        data: { createdAt: string; responseDueAt: string; resolutionDueAt: string }[];
      }>();
      const item = listed.data[0]!;
      expect(lines[1]).toContain(`,${item.createdAt},,${item.responseDueAt},${item.resolutionDueAt},`);
    });

    it('writes headers and statuses in the user’s language', async () => {
      await ctx.database.db.update(users).set({ language: 'de' }).where(eq(users.id, w.propertyManager.id));
      const res = await ctx.app.inject({ method: 'GET', url: '/api/ServiceRequests/export.csv?search=HYPERLINK', headers: w.as.propertyManager });
      const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      expect(lines[0]!.startsWith('Nummer,Kunde,Status,Priorität')).toBe(true);
      expect(lines[1]).toContain(',Neu,');
    });
  });
});

