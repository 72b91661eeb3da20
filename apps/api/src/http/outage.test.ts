import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, createServer as createNetServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/client.js';
import { createUser, signIn } from '../test/factories.js';
import { spawnServer, freePort } from '../test/server-process.js';
import { createTestContext, dbKind, type TestContext } from '../test/test-app.js';
import { DATABASE_UNAVAILABLE_TEXT, STORAGE_UNAVAILABLE_TEXT, outageOf } from './outage.js';

describe('what counts as an outage', () => {
  it('recognises lost connections and full or read-only disks, also wrapped in a query error', () => {
    expect(outageOf(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe('database');
    expect(outageOf(new Error('Failed query', { cause: Object.assign(new Error('terminating connection'), { code: '57P01' }) }))).toBe('database');
    expect(outageOf(new Error('Connection terminated unexpectedly'))).toBe('database');
    expect(outageOf(new Error('Failed query', { cause: Object.assign(new Error('could not extend file'), { code: '53100' }) }))).toBe('storage');
    expect(outageOf(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }))).toBe('storage');
    expect(outageOf(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeNull();
    expect(outageOf(new Error('boom'))).toBeNull();
  });
});

/**
 * A TCP hop between the API and PostgreSQL that the test can cut, as a database restart or a
 * network failure does: open connections die and new ones are refused.
 */
async function cuttableProxy(target: URL): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server;
  const port = await freePort();
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createNetServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      }).listen(port, '127.0.0.1', () => resolve());
    });
  await listen();
  const url = new URL(target);
  url.host = `127.0.0.1:${port}`;
  const cut = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  return { url: url.toString(), cut, restore: listen };
}

describe(`an unreachable database answers 503 with Retry-After, never 500 (${dbKind})`, () => {
  let ctx: TestContext;
  let proxy: Awaited<ReturnType<typeof cuttableProxy>> | undefined;
  beforeAll(async () => {
    ctx = await createTestContext();
    if (dbKind === 'postgres') {
      // The API reaches the test database through the proxy, so the test can take it away.
      proxy = await cuttableProxy(new URL(ctx.config.databaseUrl!));
      const database = await openDatabase({ databaseUrl: proxy.url });
      const app = await buildApp({ config: ctx.config, database, logger: false });
      const direct = ctx;
      ctx = { ...direct, app, close: async () => void (await app.close(), await database.close(), await proxy!.cut(), await direct.close()) };
    }
  });
  afterAll(async () => {
    await ctx.close().catch(() => undefined);
  });

  it('on sign-in, on a write and on /readyz; and serves again once the database is back', async () => {
    const admin = await createUser(ctx, { roles: ['System Admin'] });
    const headers = await signIn(ctx, admin);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/Regions', headers })).statusCode).toBe(200);
    if (proxy) await proxy.cut();
    else await ctx.database.close(); // the embedded database is gone
    const login = await ctx.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'a@example.com', password: 'whatever-password' } });
    expect(login.statusCode).toBe(503);
    expect(login.headers['retry-after']).toBe('5');
    expect(login.json()).toEqual({ message: DATABASE_UNAVAILABLE_TEXT });
    const write = await ctx.app.inject({ method: 'POST', url: '/api/Regions', headers, payload: { name: 'During the outage' } });
    expect(write.statusCode).toBe(503);
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ checks: { database: 'failing' } });
    if (!proxy) return;
    await proxy.restore();
    const after = await ctx.app.inject({ method: 'POST', url: '/api/Regions', headers, payload: { name: 'After the outage' } });
    expect(after.statusCode).toBe(201);
  });
});

/** A real small disk: a tmpfs mount (needs root, as CI and this machine have). */
const canMount = process.getuid?.() === 0;

function mountTmpfs(sizeMb: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'grove-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir]);
  return dir;
}

function unmount(dir: string): void {
  execFileSync('umount', ['-l', dir]);
  rmSync(dir, { recursive: true, force: true });
}

describe.runIf(canMount)(`a full or read-only disk under DATA_DIR (${dbKind})`, () => {
  let disk: string;
  let ctx: TestContext;
  beforeAll(async () => {
    disk = mountTmpfs(dbKind === 'pglite' ? 120 : 8);
    ctx = await createTestContext({}, { dataDir: join(disk, 'data') });
  });
  afterAll(async () => {
    await ctx?.close();
    unmount(disk);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses writes with 503 and a clear message, keeps reads, and /readyz reports the storage', async () => {
    const admin = await createUser(ctx, { roles: ['System Admin'] });
    const headers = await signIn(ctx, admin);
    const before = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(before.statusCode, before.body).toBe(200);
    // Fill the disk to the last byte.
    try {
      execFileSync('dd', ['if=/dev/zero', `of=${join(disk, 'filler')}`, 'bs=1M', 'count=1000'], { stdio: 'ignore' });
    } catch {
      // "No space left on device" is the point.
    }
    // The guard believes its last probe for up to a second: move the clock (Date only) past that.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1_100 });
    const write = await ctx.app.inject({ method: 'POST', url: '/api/Regions', headers, payload: { name: 'On a full disk' } });
    expect(write.statusCode).toBe(503);
    expect(write.json()).toEqual({ message: STORAGE_UNAVAILABLE_TEXT });
    expect(Number(write.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/Regions', headers })).statusCode).toBe(200);
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ checks: { storage: 'failing' } });
  });
});

describe.runIf(canMount && dbKind === 'pglite')('starting on a read-only or missing DATA_DIR', () => {
  it('prints one clear line instead of a stack trace', async () => {
    const disk = mountTmpfs(4);
    try {
      mkdirSync(join(disk, 'data'));
      writeFileSync(join(disk, 'data', 'token-secret'), 'x'.repeat(48));
      execFileSync('mount', ['-o', 'remount,ro', disk]);
      const readOnly = spawnServer({ PORT: String(await freePort()), DATA_DIR: join(disk, 'data') });
      expect((await readOnly.exited).code).toBe(1);
      expect(readOnly.output().trim()).toBe(`DATA_DIR ${join(disk, 'data')} cannot be written: the file system is read-only. Grove keeps its database and files there.`);

      const missing = spawnServer({ PORT: String(await freePort()), DATA_DIR: join(disk, 'missing', 'data') });
      expect((await missing.exited).code).toBe(1);
      expect(missing.output().trim()).toBe(`DATA_DIR ${join(disk, 'missing', 'data')} cannot be created: the file system is read-only.`);
    } finally {
      unmount(disk);
    }
  }, 60_000);
});
