import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceRequestPriority, ServiceRequestType } from '@grove/shared';
import { createCustomer, createUser, signIn, type SignedIn } from '../../test/factories.js';
import { createServiceRequest } from '../service-requests/test-factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { ensureReferenceData } from './defaults.js';

describe(`service request types and priorities (${dbKind})`, () => {
  let ctx: TestContext;
  let admin: SignedIn;
  let manager: SignedIn;
  let resident: SignedIn;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signIn(ctx, await createUser(ctx, { roles: ['System Admin'] }));
    manager = await signIn(ctx, await createUser(ctx, { roles: ['Branch Manager', 'Executive'] }));
    resident = await signIn(ctx, await createUser(ctx, { roles: ['Resident'] }));
  });
  afterAll(async () => {
    await ctx.close();
  });

  const types = async (as: SignedIn, query = '') =>
    (await ctx.app.inject({ method: 'GET', url: `/api/ServiceRequestTypes${query}`, headers: as })).json<{ data: ServiceRequestType[] }>().data;
  const priorities = async (as: SignedIn, query = '') =>
    (await ctx.app.inject({ method: 'GET', url: `/api/ServiceRequestPriorities${query}`, headers: as })).json<{ data: ServiceRequestPriority[] }>().data;

  it('are seeded with the types and priorities of issue 5, readable by anyone signed in', async () => {
    expect((await types(resident)).map((t) => t.code)).toEqual([
      'irrigation',
      'tree_care',
      'turf',
      'plants_beds',
      'debris_cleanup',
      'drainage',
      'hardscape',
      'snow_ice',
      'pest',
      'other',
    ]);
    expect((await priorities(resident)).map((p) => [p.code, p.clock, p.responseTargetHours, p.resolutionTargetHours])).toEqual([
      ['emergency', 'calendar', 4, 24],
      ['high', 'business', 9, 27],
      ['normal', 'business', 18, 63],
      ['low', 'business', 45, 126],
    ]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ServiceRequestTypes' })).statusCode).toBe(401);
  });

  it('seeding again changes nothing', async () => {
    await ensureReferenceData(ctx.database.db);
    expect(await types(resident)).toHaveLength(10);
    expect(await priorities(resident)).toHaveLength(4);
  });

  it('only a System Admin changes them: other staff 403, customer users 403', async () => {
    for (const as of [manager, resident]) {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/ServiceRequestTypes', headers: as, payload: { code: 'fence', name: 'Fence' } })).statusCode).toBe(403);
      const id = (await types(admin))[0]!.id;
      expect((await ctx.app.inject({ method: 'PUT', url: `/api/ServiceRequestTypes/${id}`, headers: as, payload: { name: 'X' } })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/ServiceRequestTypes/${id}`, headers: as })).statusCode).toBe(403);
      const pid = (await priorities(admin))[0]!.id;
      expect((await ctx.app.inject({ method: 'PUT', url: `/api/ServiceRequestPriorities/${pid}`, headers: as, payload: { name: 'X' } })).statusCode).toBe(403);
    }
  });

  it('a System Admin adds, renames, retires, restores and deletes an unused type', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/ServiceRequestTypes', headers: admin, payload: { code: 'fence', name: 'Fence repair' } });
    expect(created.statusCode).toBe(201);
    const type = created.json<ServiceRequestType>();
    expect(type).toMatchObject({ code: 'fence', name: 'Fence repair', retired: false, inUse: false });
    expect((await types(resident)).at(-1)!.code).toBe('fence');
    const duplicate = await ctx.app.inject({ method: 'POST', url: '/api/ServiceRequestTypes', headers: admin, payload: { code: 'fence', name: 'Again' } });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json<{ errors: Record<string, string[]> }>().errors.code).toHaveLength(1);

    const retired = await ctx.app.inject({ method: 'PUT', url: `/api/ServiceRequestTypes/${type.id}`, headers: admin, payload: { retired: true, name: 'Fences' } });
    expect(retired.json<ServiceRequestType>()).toMatchObject({ retired: true, name: 'Fences' });
    expect((await types(resident)).map((t) => t.id)).not.toContain(type.id);
    expect((await types(admin, '?includeRetired=true')).map((t) => t.id)).toContain(type.id);
    const restored = await ctx.app.inject({ method: 'PUT', url: `/api/ServiceRequestTypes/${type.id}`, headers: admin, payload: { retired: false } });
    expect(restored.json<ServiceRequestType>().retired).toBe(false);

    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/ServiceRequestTypes/${type.id}`, headers: admin })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/ServiceRequestTypes/${type.id}`, headers: admin })).statusCode).toBe(404);
  });

  it('a type or priority in use can be retired but not deleted (409); a retired one cannot be chosen for new requests', async () => {
    const customer = await createCustomer(ctx);
    const request = await createServiceRequest(ctx, { customerId: customer.id });
    const type = (await types(admin)).find((t) => t.id === request.typeId)!;
    expect(type.inUse).toBe(true);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/ServiceRequestTypes/${type.id}`, headers: admin });
    expect(del.statusCode).toBe(409);
    expect(del.json<{ message: string }>().message).toMatch(/Retire it instead/);
    const priority = (await priorities(admin)).find((p) => p.id === request.priorityId)!;
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/ServiceRequestPriorities/${priority.id}`, headers: admin })).statusCode).toBe(409);

    expect((await ctx.app.inject({ method: 'PUT', url: `/api/ServiceRequestTypes/${type.id}`, headers: admin, payload: { retired: true } })).statusCode).toBe(200);
    const file = await ctx.app.inject({ method: 'POST', url: '/api/ServiceRequests', headers: admin, payload: { customerId: customer.id, typeId: type.id, title: 'Old type' } });
    expect(file.statusCode).toBe(400);
    expect(file.json<{ errors: Record<string, string[]> }>().errors.typeId).toHaveLength(1);
    // The existing request keeps its (retired) type.
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/ServiceRequests/${request.id}`, headers: admin });
    expect(detail.json<{ type: { id: string } }>().type.id).toBe(type.id);
    await ctx.app.inject({ method: 'PUT', url: `/api/ServiceRequestTypes/${type.id}`, headers: admin, payload: { retired: false } });
  });

  it('priorities: a System Admin adds one and changes targets; resolution may not be shorter than response', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/ServiceRequestPriorities',
      headers: admin,
      payload: { code: 'urgent', name: 'Urgent', rank: 5, responseTargetHours: 2, resolutionTargetHours: 8, clock: 'calendar' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const priority = created.json<ServiceRequestPriority>();
    expect((await priorities(resident))[0]!.code).toBe('urgent');
    const shorter = await ctx.app.inject({ method: 'PUT', url: `/api/ServiceRequestPriorities/${priority.id}`, headers: admin, payload: { resolutionTargetHours: 1 } });
    expect(shorter.statusCode).toBe(400);
    const changed = await ctx.app.inject({ method: 'PUT', url: `/api/ServiceRequestPriorities/${priority.id}`, headers: admin, payload: { responseTargetHours: 3, clock: 'business' } });
    expect(changed.json<ServiceRequestPriority>()).toMatchObject({ responseTargetHours: 3, resolutionTargetHours: 8, clock: 'business' });
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/ServiceRequestPriorities/${priority.id}`, headers: admin })).statusCode).toBe(204);
  });
});
