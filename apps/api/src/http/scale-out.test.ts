import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { serviceRequestPriorities, serviceRequests, serviceRequestTypes } from '../db/schema.js';
import { createCustomer, createUser, linkCustomerUser, TEST_PASSWORD, type TestUser } from '../test/factories.js';
import { createServiceRequest } from '../domains/service-requests/test-factories.js';
import { freePort, startServer, stopServer, type ServerProcess } from '../test/server-process.js';
import { createPostgresDatabase, dbKind } from '../test/test-app.js';

/*
 * The scale-out set-up: two API processes (separate OS processes) behind one address, on one
 * PostgreSQL database and one Redis. What one process decides about a user (rate limits, a logout,
 * a deactivation) holds on the other at once, and concurrent creates on both lose and duplicate
 * nothing. PostgreSQL only: the embedded database serves exactly one process.
 */

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A browser: its address (believed from X-Forwarded-For, the test stands in for the proxy) and cookies. */
interface Client {
  ip: string;
  cookies: Map<string, string>;
}

function keepCookies(client: Client, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    client.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
}

async function send(api: ServerProcess, client: Client, method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: {
      'x-forwarded-for': client.ip,
      cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
  });
  keepCookies(client, res);
  return res;
}

async function login(api: ServerProcess, client: Client, username: string, password: string) {
  const res = await send(api, client, 'POST', '/api/token', { body: { username, password } });
  const token = res.status === 200 ? ((await res.json()) as { token: string }).token : '';
  return { status: res.status, token };
}

describe.runIf(dbKind === 'postgres')('two API processes on one PostgreSQL database and one Redis', () => {
  let pg: { url: string; drop(): Promise<void> };
  let database: Database;
  const dataDirs: string[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let admin: TestUser;
  const run = randomBytes(4).toString('hex');
  let subnet = 0;
  const newClient = (): Client => ({ ip: `10.${200 + (subnet % 50)}.${parseInt(run.slice(0, 2), 16)}.${++subnet}`, cookies: new Map() });

  beforeAll(async () => {
    pg = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    database = await openDatabase({ databaseUrl: pg.url });
    await database.migrate();
    admin = await createUser(database.db, { roles: ['System Admin'], email: `admin-${run}@scale.grove.test` });
    const secret = randomBytes(32).toString('hex');
    const start = async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'grove-scale-'));
      dataDirs.push(dataDir);
      return startServer({
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        DATABASE_URL: pg.url,
        REDIS_URL: redisUrl,
        TOKEN_SECRET: secret,
        TRUST_PROXY: '127.0.0.1',
        SHUTDOWN_DRAIN_SECONDS: '0',
        WEB_DIST: join(dataDir, 'no-web'),
      });
    };
    [a, b] = await Promise.all([start(), start()]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((api) => stopServer(api)));
    await database?.close();
    await pg?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('shares login rate limits: failures spread over both processes add up to one limit', async () => {
    const target = await createUser(database.db, { roles: ['Crew Leader'], email: `guessed-${run}@scale.grove.test` });
    const attacker = newClient();
    // The per-account-and-address limit is 5 failures; alternate the processes.
    for (let i = 0; i < 5; i++) {
      const { status } = await login(i % 2 ? b : a, attacker, target.email, 'Wrong-Guess-Number-1');
      expect(status).toBe(400);
    }
    // Each process alone has seen at most 3 failures: only a shared counter blocks the sixth try.
    expect((await login(a, attacker, target.email, TEST_PASSWORD)).status).toBe(429);
    expect((await login(b, attacker, target.email, TEST_PASSWORD)).status).toBe(429);
    expect((await login(b, newClient(), target.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('honours a logout on one process at once on the other', async () => {
    const person = await createUser(database.db, { roles: ['Executive'], email: `logout-${run}@scale.grove.test` });
    const browser = newClient();
    const { token } = await login(a, browser, person.email, TEST_PASSWORD);
    expect((await send(b, browser, 'GET', '/api/Users/me', { token })).status).toBe(200);
    expect((await send(a, browser, 'POST', '/api/token/logout', { token })).status).toBeLessThan(300);
    expect((await send(b, browser, 'GET', '/api/Users/me', { token })).status).toBe(401);
    expect((await send(a, browser, 'GET', '/api/Users/me', { token })).status).toBe(401);
  });

  it('honours a deactivation on one process at once on the other, for calls and for sign-in', async () => {
    const person = await createUser(database.db, { roles: ['Crew Leader'], email: `off-${run}@scale.grove.test` });
    const browser = newClient();
    const adminBrowser = newClient();
    const { token } = await login(b, browser, person.email, TEST_PASSWORD);
    const adminToken = (await login(a, adminBrowser, admin.email, TEST_PASSWORD)).token;
    // Warm both processes with the person's session, so a cache (if any) would hold it.
    expect((await send(a, browser, 'GET', '/api/Users/me', { token })).status).toBe(200);
    expect((await send(b, browser, 'GET', '/api/Users/me', { token })).status).toBe(200);
    const off = await send(a, adminBrowser, 'POST', `/api/Employees/${person.id}/deactivate`, { token: adminToken });
    expect(off.status).toBe(200);
    expect((await send(b, browser, 'GET', '/api/Users/me', { token })).status).toBe(401);
    expect((await send(a, browser, 'GET', '/api/Users/me', { token })).status).toBe(401);
    expect((await login(b, newClient(), person.email, TEST_PASSWORD)).status).toBe(400);
  });

  it('takes a burst of 200 creates spread over both processes: every one stored once, numbers unique', async () => {
    const customer = await createCustomer(database.db, { name: `Burst ${run}` });
    const resident = await createUser(database.db, { roles: ['Resident'], email: `burst-${run}@scale.grove.test` });
    await linkCustomerUser(database.db, customer.id, resident.id);
    await createServiceRequest(database.db, { customerId: customer.id, title: 'seed reference data' });
    const [type] = await database.db.select({ id: serviceRequestTypes.id }).from(serviceRequestTypes).limit(1);
    const [priority] = await database.db.select({ id: serviceRequestPriorities.id }).from(serviceRequestPriorities).limit(1);
    const browser = newClient();
    const { token } = await login(a, browser, resident.email, TEST_PASSWORD);

    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        send(i % 2 ? b : a, browser, 'POST', '/api/ServiceRequests', {
          token,
          body: { customerId: customer.id, typeId: type!.id, priorityId: priority!.id, title: `Burst ${i}` },
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as { id?: string; number?: string } })),
      ),
    );
    expect(answers.filter((answer) => answer.status !== 201).map((answer) => answer.status)).toEqual([]);
    const stored = await database.db
      .select({ title: serviceRequests.title, number: serviceRequests.number })
      .from(serviceRequests)
      .where(eq(serviceRequests.customerId, customer.id));
    const burst = stored.filter((row) => row.title.startsWith('Burst '));
    expect(burst).toHaveLength(200);
    expect(new Set(burst.map((row) => row.title)).size).toBe(200);
    expect(new Set(stored.map((row) => row.number)).size).toBe(stored.length);
    expect(new Set(answers.map((answer) => answer.body.number)).size).toBe(200);
  }, 120_000);
});
