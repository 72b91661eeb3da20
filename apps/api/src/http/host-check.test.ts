import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../test/test-app.js';
import { hostAllowed } from './host-check.js';

describe('allowed hosts', () => {
  it('matches a name on any port, or name:port exactly', () => {
    const allowed = ['localhost', 'grove.example:8443', '[::1]'];
    expect(hostAllowed(allowed, 'LOCALHOST:3000')).toBe(true);
    expect(hostAllowed(allowed, 'grove.example:8443')).toBe(true);
    expect(hostAllowed(allowed, 'grove.example:3000')).toBe(false);
    expect(hostAllowed(allowed, '[::1]:3000')).toBe(true);
    expect(hostAllowed(allowed, 'evil.example')).toBe(false);
    expect(hostAllowed(allowed, undefined)).toBe(false);
    expect(hostAllowed([], 'anything')).toBe(true);
  });
});

describe(`Host header and proxies (${dbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ HOST: '127.0.0.1', TRUST_PROXY: '10.9.9.9' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers 400 to API calls for a host that is not allowed, and serves allowed ones', async () => {
    const forged = await ctx.app.inject({ method: 'GET', url: '/api/Users/me', headers: { host: 'evil.example' } });
    expect(forged.statusCode).toBe(400);
    expect(forged.json<{ message: string }>().message).toMatch(/host name is not allowed/);
    const local = await ctx.app.inject({ method: 'GET', url: '/api/Users/me', headers: { host: 'localhost:3000' } });
    expect(local.statusCode).toBe(401);
    // Health checks of a load balancer may use any Host.
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { host: 'evil.example' } })).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a client that is not a listed proxy (no way around per-IP limits)', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'spoof@example.com' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/token',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: { username: 'spoof@example.com', password: 'wrong-password' },
      });
      statuses.push(res.statusCode);
    }
    // Five failures per account and IP: the sixth is refused, whatever address the client claims.
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('believes X-Forwarded-For from a listed proxy', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'proxied@example.com' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/token',
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: { username: 'proxied@example.com', password: i === 5 ? TEST_PASSWORD : 'wrong-password' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 200]);
  });
});
