/**
 * API latency benchmark: the real app on the embedded database with the demo company, driven over
 * loopback HTTP. Every figure is printed next to the same run's baseline (`/healthz`, which does no
 * authentication and no query), so the ratios say what authentication + scope + queries cost on
 * this machine, whatever its speed.  Run: `npm run bench`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { users } from '../apps/api/src/db/schema.js';
import { createSession } from '../apps/api/src/domains/auth/sessions.js';
import { seedDemoData } from '../apps/api/src/seed/demo.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(url: string, headers: Record<string, string>): Promise<{ p50: number; p95: number; rps: number }> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        times.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), rps: times.length / elapsed };
}

const dataDir = mkdtempSync(join(tmpdir(), 'grove-bench-'));
const config = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1', DATA_DIR: dataDir, TOKEN_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', DATABASE_URL: '' });
const database = await openDatabase({ inMemory: true });
await database.migrate();
const app = await buildApp({ config, database, logger: false });
await seedDemoData(database.db, { password: config.demoPassword, log: app.log });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

async function headersFor(email: string): Promise<Record<string, string>> {
  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, email));
  const session = await createSession(database.db, config, user!.id);
  return { authorization: `Bearer ${session.token}`, cookie: `grove_fp=${session.fingerprint}` };
}

const admin = await headersFor('system-admin@demo.grove.test');
const manager = await headersFor('account-manager@demo.grove.test');
const resident = await headersFor('property-manager@demo.grove.test');

const cases: [string, string, Record<string, string>][] = [
  ['baseline GET /healthz', '/healthz', {}],
  ['GET /api/Users/me (auth only)', '/api/Users/me', admin],
  ['GET /api/Customers (all scope, 25 rows)', '/api/Customers?pageSize=25', admin],
  ['GET /api/Customers?search=park (team scope)', '/api/Customers?search=park', manager],
  ['GET /api/ServiceRequests (all scope)', '/api/ServiceRequests?pageSize=25', admin],
  ['GET /api/ServiceRequests?overdue=true', '/api/ServiceRequests?overdue=true', admin],
  ['GET /api/ServiceRequests (customer user)', '/api/ServiceRequests', resident],
];

console.log(`API latency on ${database.kind}, ${REQUESTS} requests per case, ${CONCURRENCY} concurrent\n`);
console.log('case'.padEnd(48), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'req/s'.padStart(8), 'p50 × baseline'.padStart(16));
let baseline = 0;
for (const [name, path, headers] of cases) {
  await measure(base + path, headers); // warm-up: JIT, statement caches
  const r = await measure(base + path, headers);
  if (!baseline) baseline = r.p50;
  console.log(name.padEnd(48), r.p50.toFixed(2).padStart(8), r.p95.toFixed(2).padStart(8), r.rps.toFixed(0).padStart(8), (r.p50 / baseline).toFixed(1).padStart(16));
}
const rss = process.memoryUsage().rss / 1024 / 1024;
console.log(`\nresident memory after the run: ${rss.toFixed(0)} MiB`);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
