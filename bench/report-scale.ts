/**
 * The performance report at scale (issue 14, decision 031): the figure is "at 2,000 customers and
 * 1,000,000 service requests the report for a region and a quarter answers in under a second on
 * PostgreSQL". The server runs as in production — the compiled bundle (`npm run build` first),
 * `node apps/api/dist/main.js`, NODE_ENV=production, in a process of its own — on the scale data
 * set (`npm run bench:generate`). Signed in as a Regional Director (scope: one region), it asks
 * `/api/reports/performance` for the last whole quarter in each grouping, BENCH_RUNS times after a
 * warm-up, and prints median and p95. Beside it: the same SQL statements, recorded with drizzle's
 * logger while the report service runs in this process for the same user, run directly on a pool
 * the size of the server's, concurrently as the service runs them; and the ratio of the two. A last
 * line does the same for the whole company (System Admin, grouped by region).
 *
 * Run: `npm run build && npm run bench:report`. BENCH_DATABASE_URL (default grove_bench; the server
 * migrates it), BENCH_RUNS (default 7), BENCH_PORT (4172), BENCH_FROM/BENCH_TO (default: the last
 * whole quarter), VERBOSE=1 to print each statement's own EXPLAIN ANALYZE time.
 */
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { signIn, startServer, stopServer } from './server.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/grove_bench';
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PORT = Number(process.env.BENCH_PORT ?? 4172);
const GROUPINGS = ['region', 'branch', 'accountManager', 'crewLeader', 'customer'] as const;
type Grouping = (typeof GROUPINGS)[number];

/** The last whole calendar quarter before today (UTC), as YYYY-MM-DD bounds. */
function lastQuarter(now = new Date()): { from: string; to: string } {
  const quarterStart = new Date(Date.UTC(now.getUTCFullYear(), Math.floor(now.getUTCMonth() / 3) * 3, 1));
  const from = new Date(Date.UTC(quarterStart.getUTCFullYear(), quarterStart.getUTCMonth() - 3, 1));
  const to = new Date(quarterStart.getTime() - 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}
const RANGE = process.env.BENCH_FROM && process.env.BENCH_TO ? { from: process.env.BENCH_FROM, to: process.env.BENCH_TO } : lastQuarter();

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Warm once, then `RUNS` timed runs (ms). */
async function timed(run: () => Promise<void>): Promise<number[]> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  return times;
}

interface Statement {
  sql: string;
  params: unknown[];
}

/** The report's SQL for a user and grouping, recorded while the report service runs in this process. */
async function captureReportSql(email: string, groupBy: Grouping): Promise<Statement[]> {
  const { MODULES } = await import('../apps/api/src/modules/registry.js');
  const { openDatabase } = await import('../apps/api/src/db/client.js');
  const { runPerformanceReport } = await import('../apps/api/src/domains/reports/service.js');
  const { users } = await import('../apps/api/src/db/schema.js');
  const { eq } = await import('drizzle-orm');
  const captured: Statement[] = [];
  const database = await openDatabase({ databaseUrl: DATABASE_URL, logger: { logQuery: (sql, params) => captured.push({ sql, params }) } });
  try {
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error(`${email} is missing: run npm run bench:generate`);
    captured.length = 0;
    await runPerformanceReport(database.db, MODULES, user as never, 'en', { ...RANGE, groupBy });
  } finally {
    await database.close();
  }
  return captured.filter((s) => /^\s*(select|with)/i.test(s.sql));
}

/** Each statement's own execution time from EXPLAIN ANALYZE (best of three), for VERBOSE. */
async function explainEach(pool: pg.Pool, statements: Statement[]): Promise<void> {
  for (const statement of statements) {
    let best = Number.POSITIVE_INFINITY;
    let plan = '';
    for (let i = 0; i < 3; i++) {
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement.sql}`, statement.params);
      const text = rows.map((row) => row['QUERY PLAN']).join('\n');
      const ms = Number(/Execution Time: ([\d.]+)/.exec(text)?.[1] ?? 0);
      if (ms < best) [best, plan] = [ms, text];
    }
    console.log(`    ${best.toFixed(1).padStart(7)} ms  ${statement.sql.replace(/\s+/g, ' ').slice(0, 150)}`);
    if (process.env.VERBOSE === '2') console.log(plan);
  }
}

async function main(): Promise<void> {
  const server = await startServer({ port: PORT, env: { DATABASE_URL } });
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
  try {
    const { rows: sizes } = await pool.query<{ customers: string; requests: string; version: string }>(
      `select (select count(*) from customers)::text as customers, (select count(*) from service_requests)::text as requests, current_setting('server_version') as version`,
    );
    const cores = cpus().length;
    console.log(
      `performance report at scale: ${Number(sizes[0]!.customers).toLocaleString('en')} customers, ${Number(sizes[0]!.requests).toLocaleString('en')} requests; ` +
        `range ${RANGE.from} … ${RANGE.to}; ${RUNS} runs after a warm-up; PostgreSQL ${sizes[0]!.version}, Node ${process.versions.node}, ${cores} cores, load average ${loadavg()[0]!.toFixed(1)}`,
    );
    console.log('who | grouping | rows | API median | API p95 | SQL direct median | SQL p95 | statements | API ÷ SQL');
    const cases: [string, string, Grouping][] = [
      ...GROUPINGS.map((g): [string, string, Grouping] => ['regional director (one region)', 'regional-director@demo.grove.test', g]),
      ['system admin (whole company)', 'system-admin@demo.grove.test', 'region'],
    ];
    const sessions = new Map<string, Record<string, string>>();
    let worst = 0;
    for (const [who, email, groupBy] of cases) {
      if (!sessions.has(email)) sessions.set(email, await signIn(server, email));
      const headers = sessions.get(email)!;
      let rows = 0;
      const api = await timed(async () => {
        const res = await fetch(`${server.base}/api/reports/performance?from=${RANGE.from}&to=${RANGE.to}&groupBy=${groupBy}`, { headers });
        if (!res.ok) throw new Error(`report ${res.status}: ${await res.text()}`);
        rows = ((await res.json()) as { rows: unknown[] }).rows.length;
      });
      const statements = await captureReportSql(email, groupBy);
      // Concurrently, as the service runs them (Promise.all over its pool).
      const direct = await timed(async () => {
        await Promise.all(statements.map((s) => pool.query(s.sql, s.params)));
      });
      if (email.startsWith('regional')) worst = Math.max(worst, median(api));
      console.log(
        [who, groupBy, rows, `${median(api).toFixed(0)} ms`, `${percentile(api, 95).toFixed(0)} ms`, `${median(direct).toFixed(0)} ms`, `${percentile(direct, 95).toFixed(0)} ms`, statements.length, (median(api) / median(direct)).toFixed(2)].join(' | '),
      );
      if (process.env.VERBOSE) await explainEach(pool, statements);
    }
    console.log(`slowest grouping for one region and a quarter: API median ${worst.toFixed(0)} ms (goal < 1,000 ms): ${worst < 1000 ? 'met' : 'NOT met'}`);
  } finally {
    await pool.end();
    await stopServer(server);
  }
}

await main();
