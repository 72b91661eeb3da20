/**
 * Live events benchmark (issue 13): 500 open event streams on one API process, one event fanned
 * out to 100 of them. Prints the delivery latency (publish committed → frame parsed by the client;
 * p50/p95/max over all deliveries of several rounds), that no stream outside the audience received
 * anything, and the server's resident memory per open stream (RSS with 500 streams minus RSS before,
 * divided by 500).
 *
 * The API runs as its own process (as in production) on a fresh PostgreSQL database; this process
 * seeds the users, opens the streams and publishes the events (the load generator). The event is a
 * `message.created` of one customer: 100 staff on its team may receive it, 400 other staff do not
 * have the customer in scope — so every round runs the real receive checks for all 500 users.
 * Run: `npm run bench:live` (PostgreSQL at TEST_DATABASE_URL or 127.0.0.1:5432).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { messageThreads } from '../apps/api/src/domains/messages/tables.js';
import { publishLiveEvent } from '../apps/api/src/live/publish.js';
import { addTeamMember, createBranch, createCustomer, createUser, signIn } from '../apps/api/src/test/factories.js';
import { openEventStream, pause, type OpenStream } from '../apps/api/src/test/event-stream.js';
import { freePort, startServer, stopServer } from '../apps/api/src/test/server-process.js';
import { createPostgresDatabase } from '../apps/api/src/test/test-app.js';

const STREAMS = 500;
const RECIPIENTS = 100;
const ROUNDS = 10;

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

const pg = await createPostgresDatabase(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const database = await openDatabase({ databaseUrl: pg.url });
const dataDir = mkdtempSync(join(tmpdir(), 'grove-bench-live-'));
const streams: OpenStream[] = [];
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  await database.migrate();
  const secret = randomBytes(32).toString('hex');
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, TOKEN_SECRET: secret, DATABASE_URL: pg.url, DEMO_DATA: 'false' });
  const db = database.db;

  console.log(`seeding ${STREAMS} staff users (${RECIPIENTS} on the customer's team)…`);
  const branch = await createBranch(db);
  const otherBranch = await createBranch(db);
  const customer = await createCustomer(db, { branchId: branch.id, regionId: branch.regionId });
  const [thread] = await db.insert(messageThreads).values({ customerId: customer.id, subject: 'Bench thread' }).returning();
  const sessions: { headers: Record<string, string>; recipient: boolean }[] = [];
  for (let i = 0; i < STREAMS; i++) {
    const recipient = i < RECIPIENTS;
    const home = recipient ? branch : otherBranch;
    const user = await createUser(db, { roles: ['Account Manager'], branchId: home.id, regionId: home.regionId });
    if (recipient) await addTeamMember(db, customer.id, user.id, 'Account Manager');
    sessions.push({ headers: { ...(await signIn({ database, config }, user)) }, recipient });
  }

  server = await startServer({ PORT: String(await freePort()), DATA_DIR: dataDir, DATABASE_URL: pg.url, TOKEN_SECRET: secret, RUN_JOBS: 'false', WEB_DIST: join(dataDir, 'no-web'), SHUTDOWN_DRAIN_SECONDS: '0' });
  const pid = server.child.pid!;
  // Warm the process (JIT, prepared statements, one stream opened and closed) before the baseline.
  const warm = await openEventStream(`${server.url}/api/events`, sessions[0]!.headers);
  await publishLiveEvent(db, { type: 'message.created', customerId: customer.id, subject: { type: 'message_thread', id: thread!.id } });
  await warm.next(() => true, 5000);
  warm.close();
  await pause(1000);
  const rssBefore = rssOf(pid);

  console.log(`opening ${STREAMS} streams…`);
  for (let i = 0; i < STREAMS; i += 50) {
    const batch = await Promise.all(sessions.slice(i, i + 50).map((s) => openEventStream(`${server!.url}/api/events`, s.headers)));
    for (const stream of batch) if (stream.status !== 200) throw new Error(`stream refused: ${stream.status}`);
    streams.push(...batch);
  }
  await pause(2000);
  const rssOpen = rssOf(pid);

  const latencies: number[] = [];
  const roundTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const expected = streams.map((stream) => stream.events.length);
    const sent = performance.now();
    await publishLiveEvent(db, { type: 'message.created', customerId: customer.id, subject: { type: 'message_thread', id: thread!.id } });
    const committed = performance.now();
    const arrivals = await Promise.all(
      streams.slice(0, RECIPIENTS).map((stream, i) => stream.next((event) => stream.events.indexOf(event) >= expected[i]!, 10_000)),
    );
    for (const event of arrivals) latencies.push(event.receivedAt - committed);
    roundTimes.push(Math.max(...arrivals.map((event) => event.receivedAt)) - sent);
    await pause(300);
  }
  await pause(500);
  const strays = streams.slice(RECIPIENTS).reduce((sum, stream) => sum + stream.events.length, 0);
  const rssAfter = rssOf(pid);
  latencies.sort((x, y) => x - y);

  console.log('');
  console.log(`live events: ${STREAMS} open streams on one process, one event → ${RECIPIENTS} recipients, ${ROUNDS} rounds`);
  console.log(`  delivery (commit → client)   p50 ${ms(percentile(latencies, 50))}   p95 ${ms(percentile(latencies, 95))}   max ${ms(latencies.at(-1)!)}`);
  console.log(`  whole fan-out per event      median ${ms([...roundTimes].sort((x, y) => x - y)[Math.floor(ROUNDS / 2)]!)}`);
  console.log(`  received outside audience    ${strays} (of ${(STREAMS - RECIPIENTS) * ROUNDS} possible)`);
  console.log(`  server RSS                   ${(rssBefore / 1048576).toFixed(1)} MB before → ${(rssOpen / 1048576).toFixed(1)} MB with ${STREAMS} streams → ${(rssAfter / 1048576).toFixed(1)} MB after ${ROUNDS} events`);
  console.log(`  memory per open stream       ${((rssOpen - rssBefore) / STREAMS / 1024).toFixed(1)} KB`);
  if (strays > 0) process.exitCode = 1;
} finally {
  for (const stream of streams) stream.close();
  if (server) await stopServer(server);
  await database.close();
  await pg.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
