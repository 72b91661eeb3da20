/**
 * Load harness (issue 15 goals 2–4, issue 14's report figure). The server runs as in production —
 * the compiled bundle (`npm run build` first), `node apps/api/dist/main.js` with its environment —
 * and autocannon drives it from a process of its own. Two engines side by side:
 *   - PostgreSQL on the scale data set (`npm run bench:generate`: 1,000,000 requests);
 *   - the embedded database (PGlite) with the demo company.
 * For every case: req/s, p50 and p99 latency, the ratio to /healthz, the server's resident memory
 * before and after, and how long the server's event loop waited (p99 and max of perf_hooks'
 * monitorEventLoopDelay, read through the preloaded bench/loop-delay.mjs). At scale (PostgreSQL)
 * each case's p99 is checked against the goal of 100 ms. The embedded database runs twice: with its
 * SQL in its own thread (`pglite`, the default) and on the main thread (`pglite-main`,
 * PGLITE_THREAD=main), to show what the thread changes (decision 034). On PostgreSQL also: the list's own SQL through pgbench as prepared statements (same
 * connection count), the streamed CSV export of 100,000 rows with the server's memory growth, and
 * the performance report for a region and a quarter beside the same SQL run directly.
 *
 * Run: `npm run build && npm run bench:load`. BENCH_SECONDS (default 10), BENCH_CONNECTIONS (20),
 * BENCH_ENGINES (postgres,pglite,pglite-main), BENCH_PORT (4171), BENCH_DATABASE_URL, BENCH_REPORT
 * (false: skip the performance report timing), BENCH_SERVER (another compiled main.js, e.g. a copy of
 * main's build, to measure before and after in the same hour), BENCH_ACCEPT_ENCODING (e.g. `br, gzip`:
 * every case asks for compressed answers, as a browser does), BENCH_SERVER_ENV (extra server
 * environment, `LOG_LEVEL=info,DATABASE_POOL_SIZE=20`), BENCH_ONLY (a regular expression: only the
 * cases it matches, besides /healthz),
 * BENCH_NODE_ARGS (more flags for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). The
 * first line prints the machine's load average, so a figure taken on a busy machine says so.
 * Starting the server and signing in: bench/server.ts.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { ROOT, TOKEN_SECRET, cpuMs, requireBuild, rssMiB, signIn as signInHeaders, startServer, stopServer, type BenchServer } from './server.js';

const run = promisify(execFile);
const MAIN = requireBuild(process.env.BENCH_SERVER);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 4171);
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite,pglite-main').split(',');
const P99_GOAL_MS = 100;
const LOOP_FILE = join(tmpdir(), `grove-bench-loop-${process.pid}.json`);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/grove_bench';
const ENCODING = process.env.BENCH_ACCEPT_ENCODING;
/** Extra server environment, `NAME=value,NAME=value` (e.g. LOG_LEVEL=info,DATABASE_POOL_SIZE=20). */
const SERVER_ENV = Object.fromEntries((process.env.BENCH_SERVER_ENV ?? '').split(',').filter(Boolean).map((pair) => pair.split('=') as [string, string]));
/** Only the cases whose name matches (a regular expression); /healthz always runs. */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
const BASE = `http://127.0.0.1:${PORT}`;

interface Session {
  headers: Record<string, string>;
}

const signIn = async (server: BenchServer, username: string): Promise<Session> => ({ headers: await signInHeaders(server, username) });

interface Result {
  rps: number;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
}

interface LoopDelay {
  p99: number;
  max: number;
}

/** The server's event-loop delay since the previous call (SIGUSR2 to bench/loop-delay.mjs). */
async function loopDelay(pid: number): Promise<LoopDelay> {
  rmSync(LOOP_FILE, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    if (existsSync(LOOP_FILE)) return JSON.parse(readFileSync(LOOP_FILE, 'utf8')) as LoopDelay;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { p99: NaN, max: NaN };
}

/**
 * CPU time so far of the PostgreSQL backends connected to the benchmark database (the server's pool),
 * summed: before and after a case, it says how much of a request's cost is the database's.
 */
async function backendsCpuMs(): Promise<number> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`);
    return rows.reduce((sum, row) => sum + cpuMs(row.pid), 0);
  } finally {
    await client.end();
  }
}

/** autocannon in its own process, JSON out. */
async function load(path: string, session?: Session): Promise<Result> {
  const args = ['-j', '-c', String(CONNECTIONS), '-d', String(SECONDS)];
  for (const [name, value] of Object.entries(session?.headers ?? {})) args.push('-H', `${name}=${value}`);
  // As a browser asks (answers above 1 KB then go out compressed); autocannon sends no Accept-Encoding.
  if (ENCODING) args.push('-H', `accept-encoding=${ENCODING}`);
  args.push(`${BASE}${path}`);
  const { stdout } = await run(join(ROOT, 'node_modules/.bin/autocannon'), args, { maxBuffer: 64 * 1024 * 1024 });
  const json = JSON.parse(stdout) as { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
  return { rps: json.requests.average, requests: json.requests.total, p50: json.latency.p50, p99: json.latency.p99, errors: json.non2xx + json.errors };
}

/** pgbench of SQL statements (placeholders inlined) as prepared statements, same connection count. */
async function pgbench(statements: { sql: string; params: unknown[] }[]): Promise<number> {
  const file = join(tmpdir(), `grove-bench-${process.pid}.sql`);
  const literal = (value: unknown) => (typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`);
  writeFileSync(file, statements.map((s) => `${s.sql.replace(/\$(\d+)/g, (_, n: string) => literal(s.params[Number(n) - 1]))};`).join('\n') + '\n');
  const url = new URL(DATABASE_URL);
  const { stdout } = await run('pgbench', ['-n', '-M', 'prepared', '-c', String(CONNECTIONS), '-j', '2', '-T', String(SECONDS), '-f', file, '-h', url.hostname, '-p', url.port || '5432', '-U', url.username, url.pathname.slice(1)]);
  rmSync(file, { force: true });
  return Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? 0);
}

const rows: string[][] = [];
const verdicts: string[] = [];
const goals: { engine: string; name: string; ratio: number; goal: number }[] = [];
/** CPU ms per request of the server and of the database's backends serving it. */
interface CpuShare {
  server: number;
  database?: number;
}

function report(engine: string, name: string, result: Result, healthz: number, rss: [number, number], loop: LoopDelay, cpu: CpuShare, extra = ''): void {
  const goal = engine === 'postgres' && name !== '/healthz' ? (result.p99 <= P99_GOAL_MS ? ' ✓' : ' ✗') : '';
  if (goal === ' ✗') verdicts.push(`${engine} ${name}: p99 ${result.p99} ms > ${P99_GOAL_MS} ms`);
  // Goal 2 on the embedded database: ≥ 0.1 × its own /healthz.
  if (engine === 'pglite' && name !== '/healthz' && result.rps / healthz < 0.1) verdicts.push(`${engine} ${name}: ${(result.rps / healthz).toFixed(3)} × /healthz < 0.1`);
  rows.push([
    engine,
    name,
    result.rps.toFixed(0),
    `${result.p50} / ${result.p99} ms${goal}`,
    name === '/healthz' ? '1' : (result.rps / healthz).toFixed(3),
    `${rss[0]} → ${rss[1]} MiB`,
    `${loop.p99} / ${loop.max} ms`,
    `${cpu.server.toFixed(2)}${cpu.database === undefined ? '' : ` / ${cpu.database.toFixed(2)}`} ms`,
    String(result.errors),
    extra,
  ]);
  console.log(rows.at(-1)!.join(' | '));
}

/**
 * Every SQL statement an API call runs, with its values (decision 033): recorded with drizzle's
 * logger while the endpoint's own service function runs in this process on the same database, for
 * the signed-in session of `session` — the session lookup of authentication included. A first
 * call warms the in-process caches (reference data, scope); the second is recorded, as the server
 * runs it under load.
 */
async function captureEndpointSql(session: Session, endpoint: 'customers' | 'requests'): Promise<{ sql: string; params: unknown[] }[]> {
  const { openDatabase } = await import('../apps/api/src/db/client.js');
  const { resolveSession } = await import('../apps/api/src/http/authenticate.js');
  const { listRequests } = await import('../apps/api/src/domains/service-requests/queries.js');
  const { listCustomers } = await import('../apps/api/src/domains/customers/service.js');
  const { serviceRequestListQuerySchema, customerListQuerySchema } = await import('@grove/shared');
  const captured: { sql: string; params: unknown[] }[] = [];
  const database = await openDatabase({ databaseUrl: DATABASE_URL, logger: { logQuery: (sql, params) => captured.push({ sql, params }) } });
  const config = { tokenSecret: TOKEN_SECRET, sessionIdleMinutes: 30 } as never;
  const token = session.headers.authorization!.slice('Bearer '.length);
  const fingerprint = /grove_fp=([^;]+)/.exec(session.headers.cookie ?? '')?.[1];
  const call = async () => {
    const user = await resolveSession(database.db, config, token, fingerprint);
    if (!user) throw new Error('bench session did not resolve');
    if (endpoint === 'customers') await listCustomers(database.db, user, customerListQuerySchema.parse({}));
    else await listRequests(database.db, user, serviceRequestListQuerySchema.parse({}));
  };
  await call();
  captured.length = 0;
  await call();
  await database.close();
  return [...captured];
}

type Engine = 'postgres' | 'pglite' | 'pglite-main';

async function engineCases(engine: Engine): Promise<void> {
  const server = await startServer({
    port: PORT,
    main: MAIN,
    preload: [pathToFileURL(join(ROOT, 'bench/loop-delay.mjs')).href],
    nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean),
    env: {
      BENCH_LOOP_FILE: LOOP_FILE,
      ...(engine === 'postgres' ? { DATABASE_URL, DEMO_DATA: 'true' } : { DEMO_DATA: 'true', PGLITE_THREAD: engine === 'pglite-main' ? 'main' : 'worker' }),
      ...SERVER_ENV,
    },
  });
  const pid = server.pid;
  try {
    const admin = await signIn(server, 'system-admin@demo.grove.test');
    const pm = await signIn(server, 'property-manager@demo.grove.test');
    const wanted = (name: string) => name === '/healthz' || !ONLY || ONLY.test(name);
    const skipped: Result = { rps: NaN, requests: 0, p50: NaN, p99: NaN, errors: 0 };
    const measure = async (name: string, path: string, session?: Session, extra?: () => Promise<string>) => {
      if (!wanted(name)) return skipped;
      const before = rssMiB(pid);
      await loopDelay(pid);
      const [serverCpu, dbCpu] = [cpuMs(pid), engine === 'postgres' ? await backendsCpuMs() : undefined];
      const result = await load(path, session);
      const loop = await loopDelay(pid);
      const per = (ms: number) => ms / Math.max(1, result.requests);
      const cpu = { server: per(cpuMs(pid) - serverCpu), database: dbCpu === undefined ? undefined : per((await backendsCpuMs()) - dbCpu) };
      report(engine, name, result, healthz, [before, rssMiB(pid)], loop, cpu, extra ? await extra() : '');
      return result;
    };
    let healthz = 1;
    healthz = (await measure('/healthz', '/healthz')).rps;
    await measure('/api/Users/me', '/api/Users/me', admin);
    // The list endpoints beside their own SQL through pgbench (prepared, same connections).
    const againstSql = async (name: string, path: string, session: Session, endpoint: 'customers' | 'requests') => {
      let tps = 0;
      const result = await measure(name, path, session, async () => {
        if (engine !== 'postgres') return '';
        const statements = await captureEndpointSql(session, endpoint);
        tps = await pgbench(statements);
        return `its ${statements.length} SQL statements via pgbench: ${tps.toFixed(0)} tps`;
      });
      if (Number.isNaN(result.rps)) return;
      if (engine === 'postgres') {
        rows.at(-1)![9] += ` (app ÷ pgbench ${(result.rps / Math.max(1, tps)).toFixed(2)})`;
        goals.push({ engine, name: `${name} ÷ its SQL via pgbench`, ratio: result.rps / Math.max(1, tps), goal: 0.5 });
      }
      goals.push({ engine, name: `${name} ÷ /healthz`, ratio: result.rps / healthz, goal: engine === 'postgres' ? 0.3 : 0.1 });
      if (engine === 'postgres' && result.rps / Math.max(1, tps) < 0.5) verdicts.push(`${engine} ${name}: ${(result.rps / Math.max(1, tps)).toFixed(2)} × its SQL via pgbench < 0.5`);
      if (engine === 'postgres' && result.rps / healthz < 0.3) verdicts.push(`${engine} ${name}: ${(result.rps / healthz).toFixed(3)} × /healthz < 0.3`);
    };
    await againstSql('customers list (admin)', '/api/Customers', admin, 'customers');
    await measure('customers search', '/api/Customers?search=Ridge%2012', admin);
    await againstSql('requests list (admin)', '/api/ServiceRequests', admin, 'requests');
    await againstSql('requests list (property manager)', '/api/ServiceRequests', pm, 'requests');
    const page = (await (await fetch(`${BASE}/api/ServiceRequests?pageSize=25`, { headers: admin.headers })).json()) as { data: { id: string }[]; nextCursor?: string };
    let cursor = page.nextCursor;
    for (let i = 0; i < 40 && cursor; i++) {
      const next = (await (await fetch(`${BASE}/api/ServiceRequests?pageSize=100&cursor=${cursor}`, { headers: admin.headers })).json()) as { nextCursor?: string };
      cursor = next.nextCursor;
    }
    if (cursor) await measure('requests deep page (keyset, row 4,000)', `/api/ServiceRequests?cursor=${cursor}`, admin);
    await measure('requests page 80 (OFFSET)', '/api/ServiceRequests?page=80', admin);
    await measure('requests search', '/api/ServiceRequests?search=fallen%20tree%20limb', admin);
    await measure('requests overdue', '/api/ServiceRequests?overdue=true', admin);
    if (page.data[0]) await measure('request detail', `/api/ServiceRequests/${page.data[0].id}`, admin);
    // The other lists' first pages (demo data on both engines: the generator makes requests at scale).
    await measure('orange reports list', '/api/OrangeReports', admin);
    await measure('plans list', '/api/quarterlyPlans', admin);
    await measure('invoices list', '/api/Invoices', admin);
    await measure('invoices overdue', '/api/Invoices?overdue=true', admin);
    await measure('proposals list', '/api/Proposals', admin);
    await measure('documents list', '/api/Documents', admin);
    await measure('messages list', '/api/Messages', admin);
    if (engine === 'postgres') {
      if (wanted('CSV export')) await exportMemory(pid, admin);
      if (process.env.BENCH_REPORT !== 'false') await reportTiming(admin);
    }
  } finally {
    await stopServer(server);
  }
}

/** Streams a CSV of ~100,000 requests and samples the server's RSS while it runs. */
async function exportMemory(pid: number, admin: Session): Promise<void> {
  const from = new Date(Date.now() - 110 * 86_400_000).toISOString().slice(0, 10);
  const before = rssMiB(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 50);
  const t0 = performance.now();
  const res = await fetch(`${BASE}/api/ServiceRequests/export.csv?createdFrom=${from}`, { headers: admin.headers });
  let lines = 0;
  for await (const chunk of res.body!) for (const byte of chunk as Uint8Array) if (byte === 10) lines++;
  clearInterval(timer);
  if (peak - before >= 50) verdicts.push(`CSV export: server grew ${peak - before} MiB (goal < 50)`);
  if (lines - 1 <= 10_000) verdicts.push(`CSV export: only ${lines - 1} rows (capped?)`);
  console.log(
    `postgres | CSV export: ${(lines - 1).toLocaleString('en')} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s; server RSS ${before} → peak ${peak} MiB (growth ${peak - before} MiB)`,
  );
}

/** The performance report for one region and a quarter through the API, beside its SQL run directly. */
async function reportTiming(admin: Session): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const { rows: regions } = await client.query<{ id: string; name: string }>('select id, name from regions order by name limit 1');
  const to = new Date();
  const from = new Date(to.getTime() - 91 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const query = `from=${day(from)}&to=${day(to)}&groupBy=region`;
  // Warm once, then time three and keep the best.
  const times: number[] = [];
  for (let i = 0; i < 4; i++) {
    const t0 = performance.now();
    const res = await fetch(`${BASE}/api/reports/performance?${query}`, { headers: admin.headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`report ${res.status}`);
    times.push(performance.now() - t0);
  }
  const sqlTimes: number[] = [];
  const captured = await captureReportSql(day(from), day(to));
  for (let i = 0; i < 4; i++) {
    const t0 = performance.now();
    for (const statement of captured) await client.query(statement.sql, statement.params);
    sqlTimes.push(performance.now() - t0);
  }
  await client.end();
  const best = (list: number[]) => Math.min(...list.slice(1)).toFixed(0);
  console.log(`postgres | performance report, ${regions.length ? 'all regions grouped by region' : ''}, one quarter: API ${best(times)} ms; its ${captured.length} SQL statements run directly ${best(sqlTimes)} ms`);
}

/** The report's SQL, recorded with drizzle's logger while the report service runs in this process. */
async function captureReportSql(from: string, to: string): Promise<{ sql: string; params: unknown[] }[]> {
  const { MODULES } = await import('../apps/api/src/modules/registry.js');
  const { openDatabase } = await import('../apps/api/src/db/client.js');
  const { runPerformanceReport } = await import('../apps/api/src/domains/reports/service.js');
  const captured: { sql: string; params: unknown[] }[] = [];
  const database = await openDatabase({ databaseUrl: DATABASE_URL, logger: { logQuery: (sql, params) => captured.push({ sql, params }) } });
  const { users } = await import('../apps/api/src/db/schema.js');
  const { eq } = await import('drizzle-orm');
  const [admin] = await database.db.select().from(users).where(eq(users.email, 'system-admin@demo.grove.test'));
  captured.length = 0;
  await runPerformanceReport(database.db, MODULES, admin as never, 'en', { from, to, groupBy: 'region' });
  await database.close();
  return captured.filter((s) => /^\s*(select|with)/i.test(s.sql));
}

console.log(
  `load: autocannon -c ${CONNECTIONS} -d ${SECONDS}s per case; server: node ${MAIN.replace(ROOT, '')} (NODE_ENV=production); ` +
    `${cpus().length} cores, load average at start ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ${new Date().toISOString().slice(0, 16)} UTC`,
);
console.log('engine | case | req/s | p50 / p99 | ÷ /healthz | server RSS before → after | event-loop delay p99 / max | CPU per request: server / PostgreSQL | errors | note');
for (const engine of ENGINES) await engineCases(engine as Engine);
console.log('\nissue 15 goal 2 (request cost), ratios measured above:');
for (const g of goals) console.log(`${g.engine} | ${g.name}: ${g.ratio.toFixed(2)} (goal ≥ ${g.goal}) ${g.ratio >= g.goal ? 'met' : 'NOT met'}`);
console.log(verdicts.length ? `goals missed:\n  ${verdicts.join('\n  ')}` : `every case at scale: p99 ≤ ${P99_GOAL_MS} ms; CSV export uncapped with growth < 50 MiB`);
