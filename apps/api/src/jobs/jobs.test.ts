import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestContext, dbKind, type TestContext } from '../test/test-app.js';
import { createBackground, effectiveSchedules, type Background } from './background.js';
import { defineJob, type AnyJob, type JobContext } from './define-job.js';
import { createInProcessRunner } from './in-process-runner.js';
import { JOBS } from './registry.js';

function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level: 'debug' }, stream), lines };
}

async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const engine = dbKind === 'postgres' ? 'graphile-worker' : 'in-process runner';

describe(`jobs on the ${engine} (${dbKind})`, () => {
  let ctx: TestContext;
  let background: Background;
  const { log, lines } = captureLog();

  const ran: { name: string; payload: unknown; attempt: number }[] = [];
  let releaseSlow: () => void = () => undefined;
  let slowAborted = false;

  const greet = defineJob({
    name: 'test.greet',
    payload: z.object({ name: z.string(), times: z.number().int().positive() }),
    handler(payload, job) {
      ran.push({ name: 'test.greet', payload, attempt: job.attempt });
      return Promise.resolve();
    },
  });
  let flakyFailures = 0;
  const flaky = defineJob({
    name: 'test.flaky',
    payload: z.object({ failTimes: z.number() }),
    retry: { maxAttempts: 3 },
    handler(payload, job) {
      ran.push({ name: 'test.flaky', payload, attempt: job.attempt });
      if (flakyFailures++ < payload.failTimes) return Promise.reject(new Error('temporary trouble'));
      return Promise.resolve();
    },
  });
  const doomed = defineJob({
    name: 'test.doomed',
    payload: z.object({}),
    retry: { maxAttempts: 1 },
    handler: () => Promise.reject(new Error('never works')),
  });
  const slow = defineJob({
    name: 'test.slow',
    payload: z.object({}),
    async handler(_payload, job: JobContext) {
      ran.push({ name: 'test.slow', payload: {}, attempt: job.attempt });
      job.signal.addEventListener('abort', () => {
        slowAborted = true;
        releaseSlow();
      });
      await new Promise<void>((resolve) => (releaseSlow = resolve));
      ran.push({ name: 'test.slow finished', payload: {}, attempt: job.attempt });
    },
  });
  const testJobs = [greet, flaky, doomed, slow] as AnyJob[];

  beforeAll(async () => {
    ctx = await createTestContext();
    background = createBackground({ config: { ...ctx.config, runJobs: true }, database: ctx.database, log, jobs: testJobs, outboxTopics: [] });
    await background.start();
  });
  afterAll(async () => {
    await background.stop();
    await ctx.close();
  });

  it('runs an enqueued job with its typed payload', async () => {
    await background.enqueue(greet, { name: 'Ada', times: 2 });
    await until(() => ran.some((run) => run.name === 'test.greet'));
    expect(ran.filter((run) => run.name === 'test.greet')).toEqual([{ name: 'test.greet', payload: { name: 'Ada', times: 2 }, attempt: 1 }]);
  });

  it('refuses a payload that does not fit, and a job it does not know, when enqueued', async () => {
    await expect(background.enqueue(greet, { name: 'Ada', times: -1 })).rejects.toThrow();
    const stranger = defineJob({ name: 'test.stranger', payload: z.object({}), handler: () => Promise.resolve() });
    await expect(background.enqueue(stranger, {})).rejects.toThrow(/not registered/);
  });

  it('keeps one waiting job per key: the last enqueued wins', async () => {
    ran.length = 0;
    const runAt = new Date(Date.now() + 1500);
    for (const times of [1, 2, 3]) await background.enqueue(greet, { name: 'keyed', times }, { key: 'greet-keyed', runAt });
    await until(() => ran.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ran).toEqual([{ name: 'test.greet', payload: { name: 'keyed', times: 3 }, attempt: 1 }]);
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    ran.length = 0;
    await background.enqueue(flaky, { failTimes: 1 });
    await until(() => ran.length === 2);
    expect(ran.map((run) => run.attempt)).toEqual([1, 2]);
    expect(lines.some((line) => line.msg === 'job failed; will retry' && line.job === 'test.flaky')).toBe(true);
  });

  it('gives up after the last attempt and says so in the log (the dead letter)', async () => {
    await background.enqueue(doomed, {});
    await until(() => lines.some((line) => line.msg === 'job dead: no more attempts' && line.job === 'test.doomed'));
  });

  it('on stop, the job in hand is told to wind down and finishes before stop resolves', async () => {
    ran.length = 0;
    await background.enqueue(slow, {});
    await until(() => ran.some((run) => run.name === 'test.slow'));
    await background.stop();
    expect(slowAborted).toBe(true);
    expect(ran.map((run) => run.name)).toEqual(['test.slow', 'test.slow finished']);
  });
});

describe('job schedules', () => {
  const nightly = defineJob({ name: 'test.nightly', payload: z.object({}), schedule: '0 2 * * *', handler: () => Promise.resolve() });
  const onDemand = defineJob({ name: 'test.on-demand', payload: z.object({ id: z.string() }), handler: () => Promise.resolve() });

  it('takes each job’s own cron line, changed or switched off by JOB_SCHEDULES', () => {
    expect([...effectiveSchedules([nightly, onDemand], {})]).toEqual([['test.nightly', '0 2 * * *']]);
    expect([...effectiveSchedules([nightly, onDemand], { 'test.nightly': '30 3 * * 1' })]).toEqual([['test.nightly', '30 3 * * 1']]);
    expect([...effectiveSchedules([nightly, onDemand], { 'test.nightly': 'off' })]).toEqual([]);
  });

  it('refuses an unknown job name, a bad cron line and a scheduled job that needs a payload', () => {
    expect(() => effectiveSchedules([nightly], { 'test.nigthly': '* * * * *' })).toThrow(/unknown job: test.nigthly/);
    expect(() => effectiveSchedules([nightly], { 'test.nightly': 'every night' })).toThrow(/not a cron line/);
    expect(() => effectiveSchedules([onDemand], { 'test.on-demand': '* * * * *' })).toThrow(/empty payload/);
  });

  it('every job of the app is well formed: unique names, and scheduled ones run on an empty payload', () => {
    const names = JOBS.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    expect(() => effectiveSchedules(JOBS, {})).not.toThrow();
  });
});

describe('in-process runner schedule', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a scheduled job once at start (ticks missed while stopped), then once per matching UTC minute', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2031-03-04T09:58:30Z'));
    const ticks: (string | null)[] = [];
    const hourly = defineJob({
      name: 'test.hourly',
      payload: z.object({}),
      handler(_payload, job) {
        ticks.push(job.scheduledFor?.toISOString() ?? null);
        return Promise.resolve();
      },
    });
    const { log } = captureLog();
    const runner = createInProcessRunner({
      jobs: [hourly],
      schedules: new Map([['test.hourly', '0 * * * *']]),
      base: { db: undefined as never, config: undefined as never, log },
      concurrency: 2,
      enqueueOnly: false,
    });
    await runner.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(ticks).toEqual([null]);
    await vi.advanceTimersByTimeAsync(60_000); // 09:59:30
    expect(ticks).toEqual([null]);
    await vi.advanceTimersByTimeAsync(2 * 60 * 60_000); // 11:59:30
    expect(ticks).toEqual([null, '2031-03-04T10:00:00.000Z', '2031-03-04T11:00:00.000Z']);
    await runner.stop();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(ticks).toHaveLength(3);
  });
});
