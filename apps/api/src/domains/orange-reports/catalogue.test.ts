import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizedName, type OrangeReportService } from '@grove/shared';
import { createUser, signIn, type SignedIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { DEMO_CATALOGUE, seedDemoCatalogue } from './demo-catalogue.js';
import { activeCatalogueServicesByIds, listCatalogueServices } from './index.js';

describe(`orange report service catalogue (${dbKind})`, () => {
  let ctx: TestContext;
  let admin: SignedIn;
  let manager: SignedIn;
  let crew: SignedIn;
  let resident: SignedIn;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signIn(ctx, await createUser(ctx, { roles: ['System Admin'] }));
    manager = await signIn(ctx, await createUser(ctx, { roles: ['Branch Manager', 'Executive'] }));
    crew = await signIn(ctx, await createUser(ctx, { roles: ['Crew Leader'] }));
    resident = await signIn(ctx, await createUser(ctx, { roles: ['Property Manager'] }));
  });
  afterAll(async () => {
    await ctx.close();
  });

  const list = async (as: SignedIn, query = '') => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/OrangeReportServices${query}`, headers: as });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: OrangeReportService[] }>().data;
  };
  const create = (as: SignedIn, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/OrangeReportServices', headers: as, payload });
  const valid = (en: string) => ({ names: { en, de: `${en} (DE)` }, category: 'irrigation', unit: 'each', unitPriceCents: 4500 });

  it('starts empty; staff read it, customer users and anonymous callers do not', async () => {
    expect(await list(crew)).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/OrangeReportServices', headers: resident })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/OrangeReportServices' })).statusCode).toBe(401);
  });

  it('a System Admin adds a service with names in several languages; the others fall back to English', async () => {
    const response = await create(admin, { ...valid('Valve repair'), names: { en: ' Valve repair ', zh: '阀门维修', fr: '' }, description: 'Fix a zone valve' });
    expect(response.statusCode).toBe(201);
    const service = response.json<OrangeReportService>();
    expect(service).toMatchObject({
      names: { en: 'Valve repair', zh: '阀门维修', es: null, ja: null, de: null, fr: null },
      description: 'Fix a zone valve',
      category: 'irrigation',
      unit: 'each',
      unitPriceCents: 4500,
      retired: false,
      inUse: false,
    });
    expect(localizedName(service.names, 'zh')).toBe('阀门维修');
    expect(localizedName(service.names, 'fr')).toBe('Valve repair');
    const one = await ctx.app.inject({ method: 'GET', url: `/api/OrangeReportServices/${service.id}`, headers: crew });
    expect(one.json<OrangeReportService>().id).toBe(service.id);
  });

  it('only a System Admin changes the catalogue: other staff and customer users get 403', async () => {
    const [service] = await list(admin);
    for (const as of [manager, crew, resident]) {
      expect((await create(as, valid('Not allowed'))).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'PUT', url: `/api/OrangeReportServices/${service!.id}`, headers: as, payload: { unitPriceCents: 1 } })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/OrangeReportServices/${service!.id}`, headers: as })).statusCode).toBe(403);
    }
    expect((await list(admin))[0]!.unitPriceCents).toBe(4500);
  });

  it('bad input answers 400 with field errors, never 500', async () => {
    const cases: [object, string][] = [
      [{ ...valid('x'), names: { en: '' } }, 'names.en'],
      [{ ...valid('x'), names: {} }, 'names.en'],
      [{ ...valid('x'), category: 'spaceship' }, 'category'],
      [{ ...valid('x'), unit: 'gallon' }, 'unit'],
      [{ ...valid('x'), unitPriceCents: -1 }, 'unitPriceCents'],
      [{ ...valid('x'), unitPriceCents: 12.5 }, 'unitPriceCents'],
      [{ ...valid('x'), names: { en: 'a'.repeat(81) } }, 'names.en'],
      [{ ...valid('x'), names: { en: 'Bad\u0000name' } }, 'names.en'],
    ];
    for (const [payload, field] of cases) {
      const response = await create(admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toContain(field);
    }
    const duplicate = await create(admin, valid('VALVE REPAIR'));
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json<{ errors: Record<string, string[]> }>().errors['names.en']).toBeDefined();
    const missing = await ctx.app.inject({ method: 'PUT', url: `/api/OrangeReportServices/${crypto.randomUUID()}`, headers: admin, payload: { unitPriceCents: 1 } });
    expect(missing.statusCode).toBe(404);
  });

  it('changes price and names, retires and restores; retired services leave the pickers', async () => {
    const service = (await create(admin, valid('Head replacement'))).json<OrangeReportService>();
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/OrangeReportServices/${service.id}`,
      headers: admin,
      payload: { unitPriceCents: null, unit: 'hour', names: { en: 'Head replacement', ja: 'ヘッド交換' } },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<OrangeReportService>()).toMatchObject({ unitPriceCents: null, unit: 'hour', names: { ja: 'ヘッド交換', de: null } });

    const retired = await ctx.app.inject({ method: 'PUT', url: `/api/OrangeReportServices/${service.id}`, headers: admin, payload: { retired: true } });
    expect(retired.json<OrangeReportService>()).toMatchObject({ retired: true });
    expect((await list(crew)).map((s) => s.id)).not.toContain(service.id);
    expect((await list(admin, '?includeRetired=true')).map((s) => s.id)).toContain(service.id);
    await expect(activeCatalogueServicesByIds(ctx.database.db, [service.id], 'recommendations.0.serviceId')).rejects.toMatchObject({
      statusCode: 400,
      errors: { 'recommendations.0.serviceId': ['This field is not valid.'] },
    });

    const restored = await ctx.app.inject({ method: 'PUT', url: `/api/OrangeReportServices/${service.id}`, headers: admin, payload: { retired: false } });
    expect(restored.json<OrangeReportService>()).toMatchObject({ retired: false, retiredAt: null });
    expect((await activeCatalogueServicesByIds(ctx.database.db, [service.id])).get(service.id)?.unit).toBe('hour');
  });

  it('deletes an unused service; one referenced by another record answers 409 and stays', async () => {
    const unused = (await create(admin, valid('Typo entry'))).json<OrangeReportService>();
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/OrangeReportServices/${unused.id}`, headers: admin })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/OrangeReportServices/${unused.id}`, headers: admin })).statusCode).toBe(404);

    // Plans and proposals reference services by foreign key: a temporary table stands in for them.
    const used = (await create(admin, valid('Referenced elsewhere'))).json<OrangeReportService>();
    await ctx.database.db.execute(`create table catalogue_reference_probe (service_id uuid references orange_report_services(id))`);
    await ctx.database.db.execute(`insert into catalogue_reference_probe values ('${used.id}')`);
    const refused = await ctx.app.inject({ method: 'DELETE', url: `/api/OrangeReportServices/${used.id}`, headers: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/Retire it instead/);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/OrangeReportServices/${used.id}`, headers: admin })).statusCode).toBe(200);
    await ctx.database.db.execute(`drop table catalogue_reference_probe`);
  });

  it('searches names in every language and the description, and filters by category', async () => {
    await create(admin, { names: { en: 'Sod installation', de: 'Rollrasen verlegen' }, category: 'turf', unit: 'sq_ft', unitPriceCents: 210, description: 'New grass' });
    expect((await list(crew, '?search=rollrasen')).map((s) => s.names.en)).toEqual(['Sod installation']);
    expect((await list(crew, '?search=new%20grass')).map((s) => s.names.en)).toEqual(['Sod installation']);
    expect((await list(crew, '?search=100%25')).length).toBe(0);
    expect((await list(crew, '?category=turf')).map((s) => s.names.en)).toEqual(['Sod installation']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/OrangeReportServices?category=moon', headers: crew })).statusCode).toBe(400);
  });

  it('the demo catalogue is realistic, complete in six languages, and seeds only once', async () => {
    const db = ctx.database.db;
    await db.execute('delete from orange_report_services');
    expect(await seedDemoCatalogue(db)).toBe(DEMO_CATALOGUE.length + 1);
    expect(await seedDemoCatalogue(db)).toBe(0);
    const all = await listCatalogueServices(db, { includeRetired: true });
    expect(all.filter((s) => s.retired)).toHaveLength(1);
    expect(new Set(all.map((s) => s.category)).size).toBeGreaterThanOrEqual(9);
    for (const service of all) {
      for (const lang of ['zh', 'es', 'ja', 'de', 'fr'] as const) expect(service.names[lang], `${service.names.en} ${lang}`).toBeTruthy();
    }
    expect((await listCatalogueServices(db)).length).toBe(DEMO_CATALOGUE.length);
  });
});
