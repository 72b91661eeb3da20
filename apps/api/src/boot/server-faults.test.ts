import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { serviceRequests } from '../db/schema.js';
import { dbKind } from '../test/test-app.js';
import { freePort, runCreateAdmin, spawnServer, startServer, stopServer, type ServerProcess } from '../test/server-process.js';

/*
 * Fault tests of issue 9 with the real server as child processes on a temporary DATA_DIR
 * (embedded database only: the lock and crash recovery are about PGlite's folder).
 */

const DEMO_PASSWORD = 'Grove-Demo-2026';
const running: ServerProcess[] = [];

afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
});

function track(server: ServerProcess): ServerProcess {
  running.push(server);
  return server;
}

async function signIn(url: string, email: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  const fingerprint = res.headers.getSetCookie().find((cookie) => cookie.startsWith('grove_fp='))!.split(';')[0]!;
  return { authorization: `Bearer ${token}`, cookie: fingerprint };
}

async function getJson<T>(url: string, headers: Record<string, string>): Promise<T> {
  const res = await fetch(url, { headers });
  expect(res.status, url).toBe(200);
  return (await res.json()) as T;
}

describe.skipIf(dbKind === 'postgres')('the server as a process on an embedded database', () => {
  it('refuses a second server on the same DATA_DIR and on the same port before opening anything; create-admin obeys the lock', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'grove-lock-'));
    const port = await freePort();
    const first = track(await startServer({ PORT: String(port), DATA_DIR: dataDir }));

    const otherPort = await freePort();
    const second = track(spawnServer({ PORT: String(otherPort), DATA_DIR: dataDir }));
    expect((await second.exited).code).toBe(1);
    const lines = second.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`DATA_DIR ${dataDir} is in use by Grove server on port ${port} (pid ${first.child.pid}`);
    // It never listened on its own port either.
    await expect(fetch(`http://127.0.0.1:${otherPort}/healthz`)).rejects.toThrow();

    const elsewhere = mkdtempSync(join(tmpdir(), 'grove-lock-'));
    const samePort = track(spawnServer({ PORT: String(port), DATA_DIR: elsewhere }));
    expect((await samePort.exited).code).toBe(1);
    expect(samePort.output().trim()).toBe(`Port ${port} on 127.0.0.1 is already in use: stop the other server or set PORT.`);
    // Nothing was opened: no database folder in the second DATA_DIR.
    expect(existsSync(join(elsewhere, 'pglite'))).toBe(false);

    const admin = await runCreateAdmin(['--email', 'late.admin@example.com', '--first', 'Late', '--last', 'Admin'], {
      DATA_DIR: dataDir,
      GROVE_ADMIN_PASSWORD: 'Granite-Meadow-Falcon-19',
    });
    expect(admin.code).toBe(1);
    expect(admin.output.trim()).toMatch(new RegExp(`^DATA_DIR ${dataDir} is in use by Grove server on port ${port} \\(pid ${first.child.pid}`));

    // The first server is unharmed and keeps serving.
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    await stopServer(first);
    // Once it is gone, the folder is free again.
    const after = await runCreateAdmin(['--email', 'late.admin@example.com', '--first', 'Late', '--last', 'Admin'], {
      DATA_DIR: dataDir,
      GROVE_ADMIN_PASSWORD: 'Granite-Meadow-Falcon-19',
    });
    expect(after.output).toContain('Created System Admin');
    expect(after.code).toBe(0);
  }, 180_000);

  it('kill -9 during 200 concurrent creates loses no acknowledged write, and the folder reopens', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'grove-crash-'));
    const port = String(await freePort());
    const server = track(await startServer({ PORT: port, DATA_DIR: dataDir, DEMO_DATA: 'true' }));
    const headers = await signIn(server.url, 'system-admin@demo.grove.test');
    const customers = await getJson<{ data: { id: string }[] }>(`${server.url}/api/Customers?pageSize=1`, headers);
    const types = await getJson<{ data: { id: string }[] }>(`${server.url}/api/ServiceRequestTypes`, headers);

    const acknowledged: { id: string; number: string }[] = [];
    let failed = 0;
    const creates = Array.from({ length: 200 }, (_, i) =>
      fetch(`${server.url}/api/ServiceRequests`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ customerId: customers.data[0]!.id, typeId: types.data[0]!.id, title: `Crash test ${i}` }),
      }).then(
        async (res) => {
          if (res.status !== 201) return void failed++;
          const body = (await res.json()) as { id: string; number: string };
          acknowledged.push({ id: body.id, number: body.number });
          if (acknowledged.length === 40) server.child.kill('SIGKILL');
        },
        () => void failed++,
      ),
    );
    await Promise.all(creates);
    expect((await server.exited).signal).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    expect(failed).toBeGreaterThan(0); // the kill really happened mid-traffic

    // The folder opens again (the kernel dropped the lock with the process) and has every acknowledged write.
    const again = track(await startServer({ PORT: port, DATA_DIR: dataDir }));
    const headersAgain = await signIn(again.url, 'system-admin@demo.grove.test');
    for (const { id, number } of acknowledged) {
      const saved = await getJson<{ number: string }>(`${again.url}/api/ServiceRequests/${id}`, headersAgain);
      expect(saved.number).toBe(number);
    }
    await stopServer(again);
    const database = await openDatabase({ dataDir });
    const rows = await database.db.select({ number: serviceRequests.number }).from(serviceRequests);
    await database.close();
    expect(new Set(rows.map((row) => row.number)).size).toBe(rows.length);
  }, 240_000);

  it('SIGTERM during traffic: /readyz turns 503 at once and every accepted request completes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'grove-drain-'));
    const port = String(await freePort());
    const server = track(await startServer({ PORT: port, DATA_DIR: dataDir, SHUTDOWN_DRAIN_SECONDS: '1' }));
    // 25 kept-alive connections, as a load balancer or browser holds them.
    const agent = new Agent({ keepAlive: true, maxSockets: 25 });
    const send = (path: string, slowBodyMs = 0) =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = httpRequest(`${server.url}${path}`, { agent, method: slowBodyMs ? 'POST' : 'GET', headers: slowBodyMs ? { 'content-type': 'application/json' } : {} }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
          res.on('error', reject);
        });
        req.on('error', (error: NodeJS.ErrnoException) => reject(new Error(`${error.code ?? error.message} (reused socket: ${req.reusedSocket})`)));
        if (!slowBodyMs) return void req.end();
        // A request in flight across the whole drain: its body arrives slowly.
        req.write('{"username":"slow@example.com",');
        setTimeout(() => req.end('"password":"not-the-password"}'), slowBodyMs);
      });
    await Promise.all(Array.from({ length: 25 }, () => send('/healthz')));

    // The test plays the load balancer: it sends until /readyz says 503, then sends no more.
    let routable = true;
    const results: Promise<{ status: number; reused: boolean }>[] = [send('/api/token', 1_500)];
    const traffic = (async () => {
      while (routable) {
        results.push(...Array.from({ length: 25 }, () => send('/healthz')));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 100));
    server.child.kill('SIGTERM');
    const sigtermAt = Date.now();
    while (routable) {
      const ready = await fetch(`${server.url}/readyz`);
      if (ready.status === 503) routable = false;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(Date.now() - sigtermAt).toBeLessThan(1_000); // 503 at once, well within the drain
    await traffic;

    const settled = await Promise.allSettled(results);
    const failures = settled.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
    expect(failures).toEqual([]);
    const answers = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(answers[0]!.status).toBe(400); // the slow sign-in was answered, not cut off
    expect(answers.slice(1).every((answer) => answer.status === 200)).toBe(true);
    expect(answers.some((answer) => answer.reused)).toBe(true);
    agent.destroy();
    expect((await server.exited).code).toBe(0);

    // The database was closed cleanly and the lock released: the folder opens again at once.
    expect(readdirSync(dataDir)).toContain('pglite');
    const again = track(await startServer({ PORT: port, DATA_DIR: dataDir }));
    await stopServer(again);
  }, 180_000);
});
