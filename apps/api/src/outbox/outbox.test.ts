import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { outbox } from '../db/schema.js';
import { createBackground, type Background } from '../jobs/background.js';
import { JOBS, OUTBOX_TOPICS } from '../jobs/registry.js';
import { startTestSmtpServer, type TestSmtpServer } from '../mail/test-smtp-server.js';
import { createUser, signIn } from '../test/factories.js';
import { outboxEmails } from '../test/outbox-emails.js';
import { createTestContext, dbKind, type TestContext } from '../test/test-app.js';
import { deliverDueOutbox } from './deliver.js';
import { defineOutboxTopic, type OutboxTopic } from './topic.js';
import { writeOutbox } from './write.js';

const quiet = pino({ level: 'silent' });

/** A topic that records what it delivers, and fails on demand. */
function recorder(options: { maxAttempts?: number; failWith?: string; delayMs?: number } = {}) {
  const delivered: string[] = [];
  const topic = defineOutboxTopic({
    name: 'test-recorder',
    payload: z.object({ label: z.string(), secret: z.string().optional() }),
    maxAttempts: options.maxAttempts,
    async deliver(payload) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (options.failWith) throw new Error(options.failWith);
      delivered.push(payload.label);
    },
    redact: (payload) => ({ label: payload.label }),
  });
  return { topic, delivered };
}

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe(`outbox delivery (${dbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    await ctx.database.db.delete(outbox);
  });

  const run = (topics: readonly OutboxTopic[], signal?: AbortSignal) => deliverDueOutbox(ctx.database.db, topics, { config: ctx.config, log: quiet }, signal);
  /** Makes every waiting message due now, as if its backoff had passed. */
  const timePasses = () => ctx.database.db.update(outbox).set({ availableAt: sql`now()` }).where(eq(outbox.status, 'pending'));

  it('refuses a payload that does not fit its topic when written, failing the change', async () => {
    const { topic } = recorder();
    await expect(writeOutbox(ctx.database.db, topic, { label: 42 } as unknown as { label: string })).rejects.toThrow();
    expect(await ctx.database.db.select().from(outbox)).toEqual([]);
  });

  it('retries with growing waits, then keeps the message as dead, without its secret', async () => {
    const { topic } = recorder({ maxAttempts: 3, failWith: 'mailbox unavailable' });
    await writeOutbox(ctx.database.db, topic, { label: 'a', secret: 'one-time-code' });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect(await run([topic])).toEqual({ delivered: 0, retried: 1, dead: 0 });
      const [row] = await ctx.database.db.select().from(outbox);
      expect(row).toMatchObject({ status: 'pending', attempts: attempt, lastError: 'mailbox unavailable', lockedUntil: null });
      waits.push(row!.availableAt.getTime() - Date.now());
      await timePasses();
    }
    expect(waits[1]! - waits[0]!).toBeGreaterThan(20_000);
    expect(await run([topic])).toEqual({ delivered: 0, retried: 0, dead: 1 });
    const [row] = await ctx.database.db.select().from(outbox);
    expect(row).toMatchObject({ status: 'dead', attempts: 3, lastError: 'mailbox unavailable', payload: { label: 'a' } });
    // Dead is final: later runs leave it alone.
    await timePasses();
    expect(await run([topic])).toEqual({ delivered: 0, retried: 0, dead: 0 });
  });

  it('gives up at once on a stored payload that no longer fits its topic', async () => {
    const { topic } = recorder();
    await ctx.database.db.insert(outbox).values({ topic: topic.name, payload: { label: 7 } });
    expect(await run([topic])).toEqual({ delivered: 0, retried: 0, dead: 1 });
    const [row] = await ctx.database.db.select().from(outbox);
    expect(row!.lastError).toMatch(/payload does not match/);
  });

  it('leaves messages of topics this process does not know to a process that does', async () => {
    const { topic, delivered } = recorder();
    await ctx.database.db.insert(outbox).values({ topic: 'from-a-newer-version', payload: {} });
    await writeOutbox(ctx.database.db, topic, { label: 'known' });
    await run([topic]);
    expect(delivered).toEqual(['known']);
    const [unknown] = await ctx.database.db.select().from(outbox).where(eq(outbox.topic, 'from-a-newer-version'));
    expect(unknown).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('several workers at once deliver each message exactly once', async () => {
    const { topic, delivered } = recorder({ delayMs: 5 });
    await writeOutbox(ctx.database.db, topic, ...Array.from({ length: 30 }, (_, i) => ({ label: `m${i}` })));
    const runs = await Promise.all([run([topic]), run([topic]), run([topic])]);
    expect(runs.reduce((sum, counts) => sum + counts.delivered, 0)).toBe(30);
    expect(delivered.slice().sort()).toEqual(Array.from({ length: 30 }, (_, i) => `m${i}`).sort());
  });

  it('takes back a message whose worker died mid-delivery once its lease runs out, and not before', async () => {
    const { topic, delivered } = recorder();
    await writeOutbox(ctx.database.db, topic, { label: 'held' });
    // A worker claimed it and is still within its lease…
    await ctx.database.db.update(outbox).set({ attempts: 1, lockedUntil: sql`now() + interval '1 minute'` });
    expect(await run([topic])).toEqual({ delivered: 0, retried: 0, dead: 0 });
    // …then died: the lease runs out and another worker delivers it.
    await ctx.database.db.update(outbox).set({ lockedUntil: sql`now() - interval '1 second'` });
    expect(await run([topic])).toEqual({ delivered: 1, retried: 0, dead: 0 });
    expect(delivered).toEqual(['held']);
    expect((await ctx.database.db.select().from(outbox))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('on shutdown finishes the messages in hand and takes no new one', async () => {
    const { topic, delivered } = recorder({ delayMs: 50 });
    await writeOutbox(ctx.database.db, topic, ...Array.from({ length: 20 }, (_, i) => ({ label: `m${i}` })));
    const shutdown = new AbortController();
    const running = run([topic], shutdown.signal);
    await until(async () => delivered.length > 0);
    shutdown.abort();
    const counts = await running;
    expect(counts.delivered).toBe(delivered.length);
    expect(counts.delivered).toBeLessThan(20);
    const rows = await ctx.database.db.select().from(outbox);
    expect(rows.filter((row) => row.status === 'delivered')).toHaveLength(counts.delivered);
    // What was not taken is simply waiting, not held by a lease.
    expect(rows.filter((row) => row.status === 'pending').every((row) => row.lockedUntil === null && row.attempts === 0)).toBe(true);
  });
});

describe(`outbox across a crash and with a slow mail server (${dbKind})`, () => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  let release: () => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();
  const backgrounds: Background[] = [];

  beforeAll(async () => {
    smtp = await startTestSmtpServer({ beforeAccept: () => gate });
    // RUN_JOBS false: this "process" commits changes but dies before delivering anything.
    ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.grove.test' });
  });
  afterAll(async () => {
    release();
    await Promise.all(backgrounds.map((background) => background.stop()));
    await ctx.close();
    await smtp.close();
  });

  /** Another process coming up on the same database, with jobs on. */
  async function startAgain(): Promise<Background> {
    const background = createBackground({
      config: { ...ctx.config, runJobs: true },
      database: ctx.database,
      log: quiet,
      jobs: JOBS,
      outboxTopics: OUTBOX_TOPICS,
    });
    backgrounds.push(background);
    await background.start();
    return background;
  }

  it('a change committed before a crash is emailed after the restart, exactly once', async () => {
    const admin = await signIn(ctx, await createUser(ctx, { roles: ['System Admin'] }));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Employees',
      headers: admin,
      payload: { email: 'after.crash@example.com', firstName: 'Ada', lastName: 'Crash', roles: ['Crew Leader'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    // Committed with the change, not sent: nothing delivers in the crashed process.
    expect(await outboxEmails(ctx, 'after.crash@example.com')).toMatchObject([{ status: 'pending', attempts: 0 }]);
    expect(smtp.mails).toEqual([]);

    // Two processes come up at once; each looks at the outbox at start.
    await Promise.all([startAgain(), startAgain()]);
    const mail = await smtp.waitFor('after.crash@example.com');
    expect(mail.subject).toBe('Your Grove staff account');
    await until(async () => (await outboxEmails(ctx, 'after.crash@example.com'))[0]?.status === 'delivered');
    expect(smtp.mails.filter((m) => m.to.includes('after.crash@example.com'))).toHaveLength(1);
  });

  it('a slow mail server never holds up the request that queued the email', async () => {
    gate = new Promise((resolve) => (release = resolve));
    const admin = await signIn(ctx, await createUser(ctx, { roles: ['System Admin'] }));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Employees',
      headers: admin,
      payload: { email: 'slow.server@example.com', firstName: 'Sam', lastName: 'Slow', roles: ['Crew Leader'] },
    });
    // The answer is here while the server still holds the message (the background has it in hand).
    expect(res.statusCode, res.body).toBe(201);
    await until(async () => (await outboxEmails(ctx, 'slow.server@example.com'))[0]?.attempts === 1);
    expect(smtp.mails.some((m) => m.to.includes('slow.server@example.com'))).toBe(false);
    release();
    await smtp.waitFor('slow.server@example.com');
    await until(async () => (await outboxEmails(ctx, 'slow.server@example.com'))[0]?.status === 'delivered');
    expect(smtp.mails.filter((m) => m.to.includes('slow.server@example.com'))).toHaveLength(1);
  });
});
