import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, OrangeReportDetail, OrangeReportPin, OrangeReportService } from '@grove/shared';
import { customerUsers, users } from '../../db/schema.js';
import { addTeamMember, createBranch, createCustomer, createUser, linkCustomerUser, signIn, type CustomerRow, type SignedIn, type TestUser } from '../../test/factories.js';
import { pdfText } from '../../test/pdf-text.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { multipartBody, multipartHeaders } from '../../test/uploads.js';
import { seedDemoCatalogue } from './demo-catalogue.js';
import { listCatalogueServices } from './index.js';

/*
 * Issue 10: the report pins on the customer's map, the printable PDF with its photos and the
 * reviewers' "waiting for review" dashboard tile — each behind the review gate: a customer user
 * never meets a report that is not published, by any of these paths.
 */
describe(`orange report pins, PDF and dashboard tile (${dbKind})`, () => {
  let ctx: TestContext;
  let customer: CustomerRow;
  let people: Record<'manager' | 'crew' | 'otherCrew' | 'branchManager' | 'propertyManager' | 'outsiderPm', TestUser>;
  let as: Record<keyof typeof people, SignedIn>;
  let catalogue: OrangeReportService[];

  beforeAll(async () => {
    ctx = await createTestContext({ COMPANY_NAME: 'Evergreen Grounds LLC' });
    const branch = await createBranch(ctx);
    const inBranch = { branchId: branch.id, regionId: branch.regionId };
    const manager = await createUser(ctx, { roles: ['Account Manager'], ...inBranch });
    const crew = await createUser(ctx, { roles: ['Crew Leader'], firstName: 'Carl', lastName: 'Crew', ...inBranch });
    const otherCrew = await createUser(ctx, { roles: ['Crew Leader'], ...inBranch });
    const branchManager = await createUser(ctx, { roles: ['Branch Manager'], ...inBranch });
    const propertyManager = await createUser(ctx, { roles: ['Property Manager'] });
    const outsiderPm = await createUser(ctx, { roles: ['Property Manager'] });
    customer = await createCustomer(ctx, { ...inBranch, accountManagerId: manager.id, name: 'Willow Creek HOA' });
    const otherCustomer = await createCustomer(ctx, inBranch);
    await addTeamMember(ctx, customer.id, manager.id, 'Account Manager');
    await addTeamMember(ctx, customer.id, crew.id, 'Crew Leader');
    await addTeamMember(ctx, otherCustomer.id, otherCrew.id, 'Crew Leader');
    await linkCustomerUser(ctx, customer.id, propertyManager.id);
    await ctx.database.db.update(customerUsers).set({ roles: ['Property Manager'] }).where(and(eq(customerUsers.customerId, customer.id), eq(customerUsers.userId, propertyManager.id)));
    await linkCustomerUser(ctx, otherCustomer.id, outsiderPm.id);
    people = { manager, crew, otherCrew, branchManager, propertyManager, outsiderPm };
    as = Object.fromEntries(await Promise.all(Object.entries(people).map(async ([key, user]) => [key, await signIn(ctx, user)] as const))) as typeof as;
    await seedDemoCatalogue(ctx.database.db);
    catalogue = await listCatalogueServices(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const call = (method: 'GET' | 'POST', url: string, who: SignedIn, payload?: object) => ctx.app.inject({ method, url, headers: who, ...(payload ? { payload } : {}) });
  const act = (id: string, action: string, who: SignedIn, payload: object = {}) => call('POST', `/api/OrangeReports/${id}/${action}`, who, payload);

  async function uploadPhoto(color: { r: number; g: number; b: number }) {
    const body = await sharp({ create: { width: 320, height: 240, channels: 3, background: color } }).jpeg().toBuffer();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Files/uploadPhoto',
      headers: { ...as.crew, ...multipartHeaders },
      payload: multipartBody({ name: 'finding.jpg', body, type: 'image/jpeg' }, customer.id),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>();
  }

  /** A complete report at a point, in the given state. */
  async function report(state: 'draft' | 'submitted' | 'approved', title = 'Broken irrigation head by the pool') {
    const first = await uploadPhoto({ r: 30, g: 120, b: 200 });
    const second = await uploadPhoto({ r: 160, g: 110, b: 40 });
    const res = await call('POST', '/api/OrangeReports', as.crew, {
      customerId: customer.id,
      title,
      category: 'irrigation',
      urgency: 'safety',
      findings: 'The rotor head next to the pool gate is snapped off and floods the path.',
      latitude: 33.95,
      longitude: -84.55,
      photos: [
        { fileId: first.id, caption: 'Snapped rotor' },
        { fileId: second.id, caption: 'Water on the path' },
      ],
      recommendations: [{ serviceId: catalogue.find((s) => s.names.en === 'Irrigation head replacement')!.id, quantity: 2 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<OrangeReportDetail>();
    if (state !== 'draft') expect((await act(created.id, 'submit', as.crew)).statusCode).toBe(200);
    if (state === 'approved') expect((await act(created.id, 'approve', as.manager)).statusCode).toBe(200);
    return created;
  }

  const pins = async (who: SignedIn) => {
    const res = await call('GET', `/api/OrangeReports/map?customerId=${customer.id}`, who);
    return { status: res.statusCode, ids: res.statusCode === 200 ? res.json<{ data: OrangeReportPin[] }>().data.map((pin) => pin.id) : [] };
  };

  it('map pins: customer users get published reports only; staff what they may see; outsiders 404', async () => {
    const draft = await report('draft');
    const waiting = await report('submitted');
    const published = await report('approved');

    const customerPins = await pins(as.propertyManager);
    expect(customerPins.status).toBe(200);
    expect(customerPins.ids).toContain(published.id);
    expect(customerPins.ids).not.toContain(waiting.id);
    expect(customerPins.ids).not.toContain(draft.id);

    const managerPins = await pins(as.manager);
    expect(managerPins.ids).toEqual(expect.arrayContaining([published.id, waiting.id]));
    // A draft is its author's alone, and not a pin even for them (not yet a finding anyone acts on).
    expect(managerPins.ids).not.toContain(draft.id);
    expect((await pins(as.crew)).ids).not.toContain(draft.id);

    expect((await pins(as.otherCrew)).status).toBe(404);
    expect((await pins(as.outsiderPm)).status).toBe(404);

    // Returned reports leave the customer's map (they were never on it) and stay with author and reviewers.
    await act(waiting.id, 'return', as.manager, { comment: 'Which zone?' });
    expect((await pins(as.propertyManager)).ids).not.toContain(waiting.id);
    expect((await pins(as.branchManager)).ids).toContain(waiting.id);
  });

  it('PDF: a published report with its photos for the customer user, in their language; unpublished ones are 404 to them', async () => {
    const published = await report('approved', 'Dying oak by the clubhouse');
    const res = await call('GET', `/api/OrangeReports/${published.id}/pdf`, as.propertyManager);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${published.number}.pdf"`);
    const { text, title } = await pdfText(res.rawPayload);
    expect(title).toBe(`Orange report ${published.number}`);
    for (const words of ['Evergreen Grounds LLC', 'Dying oak by the clubhouse', 'Willow Creek HOA', 'Snapped rotor', 'Water on the path', 'Irrigation head replacement', 'Estimated total', 'Safety']) {
      expect(text).toContain(words);
    }
    expect(text).not.toContain('could not be included');
    // Two embedded pictures.
    expect(res.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(2);

    const waiting = await report('submitted');
    expect((await call('GET', `/api/OrangeReports/${waiting.id}/pdf`, as.propertyManager)).statusCode).toBe(404);
    expect((await call('GET', `/api/OrangeReports/${waiting.id}/pdf`, as.manager)).statusCode).toBe(200);
    const draft = await report('draft');
    expect((await call('GET', `/api/OrangeReports/${draft.id}/pdf`, as.manager)).statusCode).toBe(404);
    expect((await call('GET', `/api/OrangeReports/${draft.id}/pdf`, as.crew)).statusCode).toBe(200);
    expect((await call('GET', `/api/OrangeReports/${published.id}/pdf`, as.otherCrew)).statusCode).toBe(404);
    expect((await call('GET', `/api/OrangeReports/${published.id}/pdf`, as.outsiderPm)).statusCode).toBe(404);

    await ctx.database.db.update(users).set({ language: 'de' }).where(eq(users.id, people.propertyManager.id));
    const de = await pdfText((await call('GET', `/api/OrangeReports/${published.id}/pdf`, as.propertyManager)).rawPayload);
    expect(de.text).toContain('Orange-Bericht');
    expect(de.text).toContain('Empfohlene Arbeiten');
    await ctx.database.db.update(users).set({ language: 'ja' }).where(eq(users.id, people.propertyManager.id));
    const ja = await pdfText((await call('GET', `/api/OrangeReports/${published.id}/pdf`, as.propertyManager)).rawPayload);
    expect(ja.text).toContain('オレンジレポート');
    await ctx.database.db.update(users).set({ language: 'en' }).where(eq(users.id, people.propertyManager.id));
  });

  it('the reviewers’ dashboard tile counts reports waiting for their review and links to the queue; crews and customers get none', async () => {
    const tile = async (who: SignedIn, query = '') => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/Dashboard${query}`, headers: { ...who, 'accept-language': 'en' } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Dashboard>().tiles.find((t) => t.id === 'orange-reports.waiting-for-review');
    };
    const before = (await tile(as.manager))?.value ?? 0;
    await report('submitted');
    const managerTile = await tile(as.manager);
    expect(managerTile?.value).toBe(before + 1);
    expect(managerTile?.link).toBe('/orange-reports/pending');
    expect(managerTile?.title).toBe('Orange reports waiting for review');
    expect((await tile(as.branchManager))?.value).toBe(before + 1);
    expect((await tile(as.manager, `?customerId=${customer.id}`))?.link).toBe(`/customers/${customer.id}/orange-reports/pending`);
    expect(await tile(as.crew)).toBeUndefined();
    expect(await tile(as.propertyManager, `?customerId=${customer.id}`)).toBeUndefined();
  });
});
