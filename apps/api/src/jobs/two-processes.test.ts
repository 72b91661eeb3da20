import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { files, outbox, serviceRequests } from '../db/schema.js';
import { startTestSmtpServer, type TestSmtpServer } from '../mail/test-smtp-server.js';
import { createCustomer, createUser, linkCustomerUser, signIn, type TestUser } from '../test/factories.js';
import { createServiceRequest } from '../domains/service-requests/test-factories.js';
import { createPostgresDatabase, dbKind } from '../test/test-app.js';

/*
 * Real API processes (child processes running main.ts, apart from the test runner) on one
 * PostgreSQL database and one real SMTP server: the scale-out setup. PostgreSQL only: the
 * embedded database has one process by definition.
 */

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const mainFile = join(root, 'apps/api/src/main.ts');
const DAY = 24 * 3600_000;
const JOB_NAMES = ['outbox.deliver', 'files.cleanup-unattached', 'service-requests.auto-close'];

interface ApiProcess {
  name: string;
  url: string;
  child: ChildProcess;
  logs: Record<string, unknown>[];
  exited: Promise<number | null>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(dbKind === 'postgres')('two API processes on one PostgreSQL database', () => {
  let pg: { url: string; drop(): Promise<void> };
  let database: Database;
  let smtp: TestSmtpServer;
  let config: Config;
  const tokenSecret = randomBytes(32).toString('hex');
  const processes: ApiProcess[] = [];
  const dataDirs: string[] = [];
  let admin: Awaited<ReturnType<typeof signIn>>;
  let resident: TestUser;
  let oldRequestId: string;
  let oldFileId: string;

  async function startApi(name: string, env: Record<string, string> = {}): Promise<ApiProcess> {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'grove-two-'));
    dataDirs.push(dataDir);
    const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: pg.url,
        DEMO_DATA: 'false',
        TOKEN_SECRET: tokenSecret,
        PUBLIC_URL: 'https://portal.grove.test',
        SMTP_URL: smtp.url,
        // The test stands in for the proxy on loopback, so its X-Forwarded-For is believed.
        TRUST_PROXY: '127.0.0.1',
        SHUTDOWN_DRAIN_SECONDS: '0',
        WEB_DIST: join(dataDir, 'no-web'),
        LOG_LEVEL: 'debug',
        // Every scheduled job ticks each minute, so one minute shows them all.
        JOB_SCHEDULES: 'files.cleanup-unattached=* * * * *;service-requests.auto-close=* * * * *',
        ...env,
      },
    });
    const logs: Record<string, unknown>[] = [];
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop()!;
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        try {
          logs.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          // not a log line
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk.toString('utf8')}`));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const api: ApiProcess = { name, url: `http://127.0.0.1:${port}`, child, logs, exited };
    processes.push(api);
    await until(
      async () => {
        if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
        return fetch(`${api.url}/readyz`).then(
          (res) => res.ok,
          () => false,
        );
      },
      `${name} to be ready`,
      90_000,
    );
    return api;
  }

  const forgotPassword = (api: ApiProcess, email: string, ip: string) =>
    fetch(`${api.url}/api/Users/GenerateResetPasswordCode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email }),
    });

  const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address.toLowerCase()));

  beforeAll(async () => {
    pg = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    database = await openDatabase({ databaseUrl: pg.url });
    await database.migrate();
    smtp = await startTestSmtpServer();
    config = loadConfig({ DATABASE_URL: pg.url, TOKEN_SECRET: tokenSecret, DATA_DIR: tmpdir() });
    admin = await signIn({ database, config }, await createUser(database.db, { roles: ['System Admin'] }));

    // Work for the scheduled jobs: a request completed 8 days ago (auto-close emails its requester)
    // and an upload never attached, two days old (cleanup removes it).
    const customer = await createCustomer(database.db, { name: 'Two Process HOA' });
    resident = await createUser(database.db, { roles: ['Resident'], email: 'requester@example.com', firstName: 'Rhea' });
    await linkCustomerUser(database.db, customer.id, resident.id, 'active', ['Resident']);
    const old = await createServiceRequest(database.db, {
      customerId: customer.id,
      requesterId: resident.id,
      status: 'completed',
      completedAt: new Date(Date.now() - 8 * DAY),
    });
    oldRequestId = old.id;
    const [file] = await database.db
      .insert(files)
      .values({
        kind: 'file',
        originalName: 'left-behind.pdf',
        storageKey: 'missing/left-behind.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 10,
        sha256: '0'.repeat(64),
        uploadedBy: resident.id,
        createdAt: new Date(Date.now() - 2 * DAY),
      })
      .returning({ id: files.id });
    oldFileId = file!.id;
  }, 120_000);

  afterAll(async () => {
    for (const api of processes) if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGKILL');
    await Promise.all(processes.map((api) => api.exited));
    await smtp?.close();
    await database?.close();
    await pg?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a process killed right after committing loses no email: it goes out once the others are up', async () => {
    const crashed = await createUser(database.db, { roles: ['Executive'], email: 'crashed.reset@example.com' });
    // RUN_JOBS=false: this process commits changes but never delivers, so the kill is surely "before delivery".
    const webOnly = await startApi('web-only', { RUN_JOBS: 'false' });
    expect((await forgotPassword(webOnly, crashed.email, '10.1.0.1')).status).toBe(200);
    await until(async () => (await database.db.select().from(outbox)).length === 1, 'the reset email to be committed', 10_000);
    webOnly.child.kill('SIGKILL');
    await webOnly.exited;
    expect(mailsTo(crashed.email)).toEqual([]);
  }, 120_000);

  it('each email is sent exactly once and each scheduled job runs once per tick', async () => {
    const [a, b] = await Promise.all([startApi('api-a'), startApi('api-b')]);
    const bothUp = Date.now();
    // The email committed before the crash goes out once the workers start.
    await until(() => mailsTo('crashed.reset@example.com').length > 0, 'the email left by the crashed process', 20_000);

    // Requests spread over both processes; each one's email is written in its transaction, and
    // both processes' workers wake on every commit.
    const resets = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const user = await createUser(database.db, { roles: ['Executive'], email: `reset.${i}@example.com` });
        const res = await forgotPassword(i % 2 ? a : b, user.email, `10.2.0.${i + 1}`);
        expect(res.status).toBe(200);
        return user.email;
      }),
    );
    const invites = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const email = `invited.${i}@example.com`;
        const res = await fetch(`${(i % 2 ? b : a).url}/api/Employees`, {
          method: 'POST',
          headers: { ...admin, 'content-type': 'application/json' },
          body: JSON.stringify({ email, firstName: 'New', lastName: `Hire ${i}`, roles: ['Crew Leader'] }),
        });
        expect(res.status, await res.text()).toBe(201);
        return email;
      }),
    );

    // Wait for a schedule tick that both processes were up for, for every scheduled job.
    const ticks = () =>
      [a, b].flatMap((api) =>
        api.logs
          .filter((line) => line.msg === 'job done' && typeof line.scheduledFor === 'string')
          .map((line) => ({ job: line.job as string, tick: line.scheduledFor as string, process: api.name })),
      );
    await until(
      () => JOB_NAMES.every((job) => ticks().some((run) => run.job === job && Date.parse(run.tick) > bothUp)),
      'a tick of every scheduled job',
      100_000,
    );
    await until(() => mailsTo(resident.email).length > 0, 'the auto-close email', 20_000);
    // Let any duplicate have its chance to arrive.
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const runsPerTick = new Map<string, string[]>();
    for (const run of ticks()) runsPerTick.set(`${run.job} @ ${run.tick}`, [...(runsPerTick.get(`${run.job} @ ${run.tick}`) ?? []), run.process]);
    for (const [tick, ranIn] of runsPerTick) expect(ranIn, tick).toHaveLength(1);

    for (const address of ['crashed.reset@example.com', ...resets, ...invites, resident.email]) {
      expect(mailsTo(address), address).toHaveLength(1);
    }
    const rows = await database.db.select().from(outbox);
    expect(rows).toHaveLength(14);
    expect(rows.every((row) => row.status === 'delivered' && row.attempts === 1)).toBe(true);

    // The scheduled work itself was done (once: one closure event, one email).
    const [request] = await database.db.select().from(serviceRequests).where(eq(serviceRequests.id, oldRequestId));
    expect(request!.status).toBe('closed');
    expect(await database.db.select().from(files).where(eq(files.id, oldFileId))).toEqual([]);
  }, 200_000);

  it('both stop cleanly on SIGTERM', async () => {
    const running = processes.filter((api) => api.child.exitCode === null && api.child.signalCode === null);
    expect(running).toHaveLength(2);
    for (const api of running) api.child.kill('SIGTERM');
    const codes = await Promise.all(running.map((api) => api.exited));
    expect(codes).toEqual([0, 0]);
    for (const api of running) expect(api.logs.some((line) => line.level === 50)).toBe(false);
  }, 30_000);
});
