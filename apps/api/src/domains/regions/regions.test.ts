import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES, type Branch, type Region } from '@grove/shared';
import { customers } from '../../db/schema.js';
import { createCustomer, createUser, signIn, type SignedIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { BRANCH_NAME_TAKEN, REGION_NAME_TAKEN } from './service.js';

describe(`regions and branches (${dbKind})`, () => {
  let ctx: TestContext;
  let admin: SignedIn;
  let executive: SignedIn;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signIn(ctx, await createUser(ctx, { roles: ['System Admin'] }));
    executive = await signIn(ctx, await createUser(ctx, { roles: ['Executive'] }));
  });
  afterAll(async () => {
    await ctx.close();
  });

  const send = (method: 'POST' | 'PUT', url: string, payload: object, headers = admin) => ctx.app.inject({ method, url, headers, payload });

  it('lets System Admin create and rename regions and branches; names are unique', async () => {
    const south = (await send('POST', '/api/Regions', { name: 'South' })).json<Region>();
    expect(south.name).toBe('South');
    expect((await send('POST', '/api/Regions', { name: 'South' })).json()).toEqual({ message: REGION_NAME_TAKEN });
    expect((await send('PUT', `/api/Regions/${south.id}`, { name: 'Southeast' })).json()).toEqual({ id: south.id, name: 'Southeast' });

    const created = await send('POST', '/api/Branches', { name: 'Savannah', regionId: south.id, timeZone: 'America/New_York' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Savannah', regionId: south.id, regionName: 'Southeast', timeZone: 'America/New_York' });
    expect((await send('POST', '/api/Branches', { name: 'Savannah', regionId: south.id, timeZone: 'America/New_York' })).json()).toEqual({ message: BRANCH_NAME_TAKEN });
    expect((await send('POST', '/api/Branches', { name: 'Mars', regionId: south.id, timeZone: 'Mars/Olympus' })).json()).toMatchObject({ errors: { timeZone: [VALIDATION_MESSAGES.invalid] } });
    expect((await send('POST', '/api/Branches', { name: 'Nowhere', regionId: crypto.randomUUID(), timeZone: 'UTC' })).json()).toMatchObject({ errors: { regionId: [VALIDATION_MESSAGES.invalid] } });
    expect((await send('PUT', `/api/Regions/${crypto.randomUUID()}`, { name: 'Ghost' })).statusCode).toBe(404);
  });

  it('moves a branch’s customers with it to another region', async () => {
    const east = (await send('POST', '/api/Regions', { name: 'East' })).json<Region>();
    const west = (await send('POST', '/api/Regions', { name: 'West' })).json<Region>();
    const branch = (await send('POST', '/api/Branches', { name: 'Midway', regionId: east.id, timeZone: 'America/Chicago' })).json<Branch>();
    const customer = await createCustomer(ctx, { branchId: branch.id });
    expect(customer.regionId).toBe(east.id);
    const moved = await send('PUT', `/api/Branches/${branch.id}`, { regionId: west.id, timeZone: 'America/Denver' });
    expect(moved.json()).toMatchObject({ regionId: west.id, regionName: 'West', timeZone: 'America/Denver' });
    const [row] = await ctx.database.db.select({ regionId: customers.regionId }).from(customers).where(eq(customers.id, customer.id));
    expect(row!.regionId).toBe(west.id);
  });

  it('refuses other staff with 403 before looking at the body', async () => {
    expect((await send('POST', '/api/Regions', { name: 'Nope' }, executive)).statusCode).toBe(403);
    expect((await send('POST', '/api/Branches', {}, executive)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/Regions', headers: executive })).statusCode).toBe(200);
  });
});
