import { parseCronItem, type CronMatcher } from 'graphile-worker';
import { JOB_MAX_ATTEMPTS, jobBackoffMs, type AnyJob, type EnqueueOptions, type JobQueue } from './define-job.js';
import { JOB_STOP_GRACE_MS, timeout, type JobRunner, type RunnerOptions } from './runner.js';

interface Entry {
  job: AnyJob;
  payload: unknown;
  key: string | undefined;
  runAt: number;
  failures: number;
  scheduledFor: Date | null;
}

const MINUTE = 60_000;

/**
 * The job engine of the embedded database, where there is one process: a queue in memory, cron
 * ticks on the minute (graphile-worker's own cron parser, so a line means the same on both
 * engines), the same retry backoff. What it cannot do is remember: it runs each scheduled job
 * once at start (ticks missed while stopped), and jobs queued but not run are gone after a crash.
 * Durable work belongs in the outbox, which is a table.
 */
export function createInProcessRunner(options: RunnerOptions): JobRunner {
  const { base, concurrency } = options;
  const byName = new Map(options.jobs.map((job) => [job.name, job]));
  const cron: { job: AnyJob; match: CronMatcher }[] = [...options.schedules].map(([name, line]) => ({
    job: byName.get(name)!,
    match: parseCronItem({ task: name, match: line, identifier: name }).match,
  }));
  const waiting: Entry[] = [];
  const running = new Set<Promise<void>>();
  const controller = new AbortController();
  let started = false;
  let stopping = false;
  let pumpTimer: NodeJS.Timeout | undefined;
  let tickTimer: NodeJS.Timeout | undefined;

  const queue: JobQueue = {
    async enqueue(job, payload, enqueueOptions: EnqueueOptions = {}) {
      if (byName.get(job.name) !== job) throw new Error(`Job ${job.name} is not registered`);
      job.payload.parse(payload);
      add({ job, payload, key: enqueueOptions.key, runAt: enqueueOptions.runAt?.getTime() ?? Date.now(), failures: 0, scheduledFor: null });
      return Promise.resolve();
    },
  };

  function add(entry: Entry): void {
    if (entry.key !== undefined) {
      const index = waiting.findIndex((other) => other.key === entry.key);
      if (index >= 0) waiting.splice(index, 1);
    }
    waiting.push(entry);
    pump();
  }

  function pump(): void {
    if (!started || stopping || options.enqueueOnly) return;
    clearTimeout(pumpTimer);
    waiting.sort((a, b) => a.runAt - b.runAt);
    const now = Date.now();
    while (running.size < concurrency && waiting[0] && waiting[0].runAt <= now) run(waiting.shift()!);
    const next = waiting[0];
    if (next && running.size < concurrency) {
      pumpTimer = setTimeout(pump, next.runAt - now);
      pumpTimer.unref();
    }
  }

  function run(entry: Entry): void {
    const attempt = entry.failures + 1;
    const log = base.log.child({ job: entry.job.name });
    const startedAt = Date.now();
    const task = (async () => {
      try {
        const payload: unknown = entry.job.payload.parse(entry.payload);
        await entry.job.handler(payload, { ...base, log, signal: controller.signal, attempt, scheduledFor: entry.scheduledFor, jobs: queue });
        log.debug({ attempt, scheduledFor: entry.scheduledFor, ms: Date.now() - startedAt }, 'job done');
      } catch (error) {
        const maxAttempts = entry.job.retry?.maxAttempts ?? JOB_MAX_ATTEMPTS;
        if (attempt >= maxAttempts) {
          log.error({ err: error, attempt, payload: entry.payload }, 'job dead: no more attempts');
          return;
        }
        const retryInMs = jobBackoffMs(attempt);
        log.warn({ err: error, attempt, retryInMs }, 'job failed; will retry');
        // A newer waiting job with the same key does the work instead.
        if (entry.key === undefined || !waiting.some((other) => other.key === entry.key)) {
          waiting.push({ ...entry, failures: attempt, runAt: Date.now() + retryInMs });
        }
      }
    })().finally(() => {
      running.delete(task);
      pump();
    });
    running.add(task);
  }

  function tick(at: Date): void {
    const digest = { min: at.getUTCMinutes(), hour: at.getUTCHours(), date: at.getUTCDate(), month: at.getUTCMonth() + 1, dow: at.getUTCDay() };
    for (const item of cron) {
      if (item.match(digest)) add({ job: item.job, payload: {}, key: item.job.name, runAt: at.getTime(), failures: 0, scheduledFor: at });
    }
  }

  function scheduleNextTick(): void {
    const now = Date.now();
    const next = Math.floor(now / MINUTE) * MINUTE + MINUTE;
    tickTimer = setTimeout(() => {
      tick(new Date(next));
      scheduleNextTick();
    }, next - now);
    tickTimer.unref();
  }

  return {
    ...queue,
    start() {
      if (started || options.enqueueOnly) return Promise.resolve();
      started = true;
      for (const item of cron) add({ job: item.job, payload: {}, key: item.job.name, runAt: Date.now(), failures: 0, scheduledFor: null });
      scheduleNextTick();
      pump();
      return Promise.resolve();
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      clearTimeout(pumpTimer);
      clearTimeout(tickTimer);
      controller.abort();
      const grace = timeout(JOB_STOP_GRACE_MS);
      const outcome = await Promise.race([Promise.allSettled([...running]), grace.promise]);
      grace.cancel();
      if (outcome === 'timeout') base.log.warn({ jobs: running.size }, 'jobs still running at shutdown; left behind');
    },
  };
}
