import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';

describe(`health (${dbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers /healthz and /readyz when the database is reachable', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });
  });

  it('lets images load only from the portal itself and the map tile host (issue 9 §7)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    const imgSrc = String(res.headers['content-security-policy']).split(';').map((part) => part.trim()).find((part) => part.startsWith('img-src'));
    expect(imgSrc).toBe("img-src 'self' data: blob: https://tile.openstreetmap.org");
  });

  it('reports not ready once the database is gone', async () => {
    // Stand-in for a dropped connection: the real database stays up for the other tests.
    const spy = vi.spyOn(ctx.database, 'ping').mockRejectedValueOnce(new Error('down'));
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    spy.mockRestore();
    expect(ready.statusCode).toBe(503);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});
