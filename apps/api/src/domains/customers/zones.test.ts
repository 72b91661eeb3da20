import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES, ZONE_LIMITS, type CustomerZone, type Role } from '@grove/shared';
import { createScopeWorld, createUser, linkCustomerUser, signIn, type ScopeWorld, type SignedIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';

/** A 0.001° square in Marietta, GA (about 111 m × 92 m). */
const ring = [
  [-84.566, 33.95],
  [-84.565, 33.95],
  [-84.565, 33.951],
  [-84.566, 33.951],
  [-84.566, 33.95],
];
const polygon = { type: 'Polygon', coordinates: [ring] };

describe(`customer map zones (${dbKind})`, () => {
  let ctx: TestContext;
  let world: ScopeWorld;
  const as = {} as Record<Role, SignedIn>;

  beforeAll(async () => {
    ctx = await createTestContext();
    world = await createScopeWorld(ctx);
    for (const [role, user] of Object.entries(world.users)) as[role as Role] = await signIn(ctx, user);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const zones = (customerId = world.inScope.id) => `/api/Customers/${customerId}/zones`;
  const post = (role: Role, payload: object, customerId?: string) => ctx.app.inject({ method: 'POST', url: zones(customerId), headers: as[role], payload });
  const zone = (overrides: Record<string, unknown> = {}) => ({ name: 'Front lawn', kind: 'turf', color: '#2E8B57', geometry: polygon, ...overrides });

  it('stores a zone with its area computed on the server, in m² and ft²', async () => {
    const res = await post('Branch Manager', zone({ areaSqM: 1 }));
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json<CustomerZone>();
    expect(saved).toMatchObject({ name: 'Front lawn', kind: 'turf', color: '#2e8b57', customerId: world.inScope.id, geometry: polygon });
    // R² · Δλ · (sin φ₂ − sin φ₁) for this cell: ≈ 10 266 m² (the client's areaSqM is ignored).
    expect(saved.areaSqM).toBeGreaterThan(10_200);
    expect(saved.areaSqM).toBeLessThan(10_350);
    expect(saved.areaSqFt).toBeCloseTo(saved.areaSqM * 10.7639, 0);
  });

  it('refuses geometry that is not a valid polygon', async () => {
    const open = ring.slice(0, 4);
    const cases: [unknown, string][] = [
      [{ type: 'Polygon', coordinates: [open] }, 'not closed'],
      [{ type: 'Polygon', coordinates: [[ring[0], ring[1], ring[0]]] }, 'fewer than 4 positions'],
      [{ type: 'Polygon', coordinates: [[[-200, 33.95], ...ring.slice(1)]] }, 'longitude out of range'],
      [{ type: 'Polygon', coordinates: [[[-84.566, 95], ...ring.slice(1, 4), [-84.566, 95]]] }, 'latitude out of range'],
      [{ type: 'Point', coordinates: [-84.5, 33.9] }, 'a point'],
      [{ type: 'Polygon', coordinates: [[[0, 0], [1, 0], [2, 0], [0, 0]]] }, 'no area'],
      [{ type: 'Polygon', coordinates: [] }, 'no ring'],
      [
        {
          type: 'Polygon',
          coordinates: [[...Array.from({ length: ZONE_LIMITS.maxVertices }, (_, i) => [-84.566 + i * 1e-7, 33.95 + (i % 2) * 1e-6]), [-84.566, 33.95]]],
        },
        'too many vertices',
      ],
    ];
    for (const [geometry, why] of cases) {
      const res = await post('System Admin', zone({ geometry }));
      expect(res.statusCode, why).toBe(400);
      expect(Object.keys(res.json<{ errors: Record<string, unknown> }>().errors).some((key) => key.startsWith('geometry')), why).toBe(true);
    }
    for (const [overrides, field] of [[{ kind: 'lake' }, 'kind'], [{ color: 'green' }, 'color'], [{ name: '' }, 'name']] as const) {
      expect((await post('System Admin', zone(overrides))).json(), field).toMatchObject({ errors: { [field]: [expect.any(String)] } });
    }
    expect((await post('System Admin', zone({ name: '' }))).json()).toMatchObject({ errors: { name: [VALIDATION_MESSAGES.required] } });
  });

  it('accepts a MultiPolygon with a hole, and its area is the parts minus the hole', async () => {
    const hole = [
      [-84.5658, 33.9502],
      [-84.5652, 33.9502],
      [-84.5652, 33.9508],
      [-84.5658, 33.9508],
      [-84.5658, 33.9502],
    ];
    const single = (await post('System Admin', zone({ name: 'Single' }))).json<CustomerZone>();
    const multi = await post('System Admin', zone({ name: 'Beds', kind: 'bed', geometry: { type: 'MultiPolygon', coordinates: [[ring, hole], [ring]] } }));
    expect(multi.statusCode, multi.body).toBe(201);
    const area = multi.json<CustomerZone>().areaSqM;
    expect(area).toBeLessThan(2 * single.areaSqM);
    expect(area).toBeGreaterThan(1.5 * single.areaSqM);
  });

  it('lets editors and the account manager edit; crew leaders cannot; customer users of the customer read', async () => {
    const created = (await post('Account Manager', zone({ name: 'Irrigation 1', kind: 'irrigation_zone' }))).json<CustomerZone>();
    expect(created.id).toBeDefined();
    const put = await ctx.app.inject({ method: 'PUT', url: `${zones()}/${created.id}`, headers: as['Regional Director'], payload: zone({ name: 'Irrigation 1A', kind: 'no_touch', color: '#ff0000' }) });
    expect(put.json()).toMatchObject({ name: 'Irrigation 1A', kind: 'no_touch', color: '#ff0000' });
    expect((await post('Crew Leader', zone())).statusCode).toBe(403);
    expect((await post('Property Manager', zone())).statusCode).toBe(403);

    const read = await ctx.app.inject({ method: 'GET', url: zones(), headers: as.Resident });
    expect(read.statusCode).toBe(200);
    expect(read.json<{ data: CustomerZone[] }>().data.map((z) => z.name)).toContain('Irrigation 1A');

    const del = await ctx.app.inject({ method: 'DELETE', url: `${zones()}/${created.id}`, headers: as['Account Manager'] });
    expect(del.statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${zones()}/${created.id}`, headers: as['Account Manager'] })).statusCode).toBe(404);
  });

  it('answers 404 outside scope: other customers’ users, other branches, and zones of another customer', async () => {
    const outsider = await createUser(ctx, { roles: ['Property Manager'] });
    await linkCustomerUser(ctx, world.outOfScope.id, outsider.id);
    expect((await ctx.app.inject({ method: 'GET', url: zones(), headers: await signIn(ctx, outsider) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: zones(world.outOfScope.id), headers: as['Branch Manager'] })).statusCode).toBe(404);
    expect((await post('Regional Manager', zone(), world.outOfScope.id)).statusCode).toBe(404);

    const foreign = (await post('System Admin', zone(), world.outOfScope.id)).json<CustomerZone>();
    // A zone id of another customer under this customer's path is not found.
    const crossed = await ctx.app.inject({ method: 'PUT', url: `${zones()}/${foreign.id}`, headers: as['System Admin'], payload: zone() });
    expect(crossed.statusCode).toBe(404);
  });
});
