import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '@grove/shared';
import { createCustomer, createUser, signIn, type SignedIn } from '../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../test/test-app.js';
import { ensureReferenceData } from '../domains/service-request-types/defaults.js';

describe(`control characters and bidi overrides in input (${dbKind})`, () => {
  let ctx: TestContext;
  let admin: SignedIn;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signIn(ctx, await createUser(ctx, { roles: ['System Admin'] }));
    await ensureReferenceData(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('a NUL byte in a body field is a 400 naming the field, not a 500', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/Regions', headers: admin, payload: { name: 'North\u0000side' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: VALIDATION_MESSAGES.invalid, errors: { name: [VALIDATION_MESSAGES.invalid] } });
  });

  it('a NUL byte in a query string is a 400 naming the parameter', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/Customers?search=a%00b', headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { search: [VALIDATION_MESSAGES.invalid] } });
  });

  it('finds control characters deep in a body, and in fields no schema knows', async () => {
    const customer = await createCustomer(ctx);
    const types = (await ctx.app.inject({ method: 'GET', url: '/api/ServiceRequestTypes', headers: admin })).json<{ data: { id: string }[] }>();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/ServiceRequests',
      headers: admin,
      payload: { customerId: customer.id, typeId: types.data[0]!.id, title: 'Fine', description: 'ok\u0007', extra: ['x', 'y\u001b'] },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: object }>().errors).sort()).toEqual(['description', 'extra.1']);
  });

  it('keeps tabs and line breaks in longer text', async () => {
    const customer = await createCustomer(ctx);
    const types = (await ctx.app.inject({ method: 'GET', url: '/api/ServiceRequestTypes', headers: admin })).json<{ data: { id: string }[] }>();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/ServiceRequests',
      headers: admin,
      payload: { customerId: customer.id, typeId: types.data[0]!.id, title: 'Broken valve', description: 'Line one\r\nLine two\twith a tab' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ description: string }>().description).toBe('Line one\r\nLine two\twith a tab');
  });

  it('removes bidi override characters from names', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/Regions', headers: admin, payload: { name: 'Admin\u202Efdp.exe\u2066' } });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ name: string }>().name).toBe('Adminfdp.exe');
    const profile = await ctx.app.inject({ method: 'PUT', url: '/api/Users/me', headers: admin, payload: { firstName: '\u202DAda', lastName: 'Love\u2067lace', language: 'en' } });
    expect(profile.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
  });
});
