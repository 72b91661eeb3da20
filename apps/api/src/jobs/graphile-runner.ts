import type { FastifyBaseLogger } from 'fastify';
import { Logger, makeWorkerUtils, parseCronItems, run, type Runner, type Task, type WorkerUtils } from 'graphile-worker';
import pg from 'pg';
import { JOB_MAX_ATTEMPTS, type EnqueueOptions, type JobQueue } from './define-job.js';
import { JOB_STOP_GRACE_MS, timeout, type JobRunner, type RunnerOptions } from './runner.js';

/** A tick missed while every process was down (a deploy at 02:00) still runs, once, within this window. */
const BACKFILL_MS = 60 * 60_000;

/** graphile-worker's own chatter (a line per job) is debug to us; its warnings and errors stay what they are. */
function loggerFor(log: FastifyBaseLogger): Logger {
  return new Logger((scope) => (level, message, meta) => {
    const details = { ...scope, ...meta, engine: 'graphile-worker' };
    const name = String(level);
    if (name === 'error') log.error(details, message);
    else if (name === 'warning') log.warn(details, message);
    else log.debug(details, message);
  });
}

/**
 * The job engine on PostgreSQL: graphile-worker (docs/decisions/009-outbox-and-jobs.md). Jobs are
 * rows in its schema, picked up at once through LISTEN/NOTIFY by any process; cron ticks are
 * claimed through its known-crontabs table, so each runs once whatever the number of processes;
 * failures retry with backoff up to `maxAttempts` and are then kept as permanently failed.
 */
export function createGraphileRunner(options: RunnerOptions & { connectionString: string }): JobRunner {
  const { base, connectionString, concurrency } = options;
  const logger = loggerFor(base.log);
  const byName = new Map(options.jobs.map((job) => [job.name, job]));
  let utils: Promise<WorkerUtils> | undefined;
  let runner: Runner | undefined;
  // One pool for the engine, owned here: stop() ends it and waits until every connection is closed.
  let pool: pg.Pool | undefined;
  const enginePool = () => {
    if (!pool) {
      pool = new pg.Pool({ connectionString, max: concurrency + 3 });
      pool.on('error', (error) => base.log.warn({ err: error }, 'job engine: idle database connection lost'));
    }
    return pool;
  };

  // Prepared once: the engine's own tables are created or migrated here (under its advisory lock).
  const workerUtils = () =>
    (utils ??= makeWorkerUtils({ pgPool: enginePool(), logger }).then(async (made) => {
      await made.migrate();
      return made;
    }));

  const queue: JobQueue = {
    async enqueue(job, payload, enqueueOptions: EnqueueOptions = {}) {
      if (byName.get(job.name) !== job) throw new Error(`Job ${job.name} is not registered`);
      job.payload.parse(payload);
      await (
        await workerUtils()
      ).addJob(job.name, payload, {
        maxAttempts: job.retry?.maxAttempts ?? JOB_MAX_ATTEMPTS,
        ...(enqueueOptions.key !== undefined ? { jobKey: enqueueOptions.key } : {}),
        ...(enqueueOptions.runAt ? { runAt: enqueueOptions.runAt } : {}),
      });
    },
  };

  function task(name: string): Task {
    const job = byName.get(name)!;
    return async (raw, helpers) => {
      // Cron runs carry their tick in `_cron`; the job's own payload is the rest.
      const { _cron: cron, ...rest } = (raw ?? {}) as { _cron?: { ts: string } };
      const payload: unknown = job.payload.parse(rest);
      const log = base.log.child({ job: name, jobId: helpers.job.id });
      const scheduledFor = cron ? new Date(cron.ts) : null;
      const startedAt = Date.now();
      const attempt = helpers.job.attempts;
      await job.handler(payload, { ...base, log, signal: helpers.abortSignal, attempt, scheduledFor, jobs: queue });
      log.debug({ attempt, scheduledFor, ms: Date.now() - startedAt }, 'job done');
    };
  }

  return {
    ...queue,
    async start() {
      // A web-only process prepares the engine on its first enqueue (tests that never enqueue never pay for it).
      if (options.enqueueOnly || runner) return;
      await workerUtils();
      const parsedCronItems = parseCronItems(
        [...options.schedules].map(([name, line]) => ({
          task: name,
          match: line,
          identifier: name,
          // The tick's job replaces one of the same job still waiting, so a slow run never piles up ticks.
          options: { backfillPeriod: BACKFILL_MS, maxAttempts: byName.get(name)!.retry?.maxAttempts ?? JOB_MAX_ATTEMPTS, jobKey: name, jobKeyMode: 'replace' },
        })),
      );
      runner = await run({
        pgPool: enginePool(),
        concurrency,
        // The app's shutdown stops the worker (SIGTERM handling is main.ts's).
        noHandleSignals: true,
        gracefulShutdownAbortTimeout: 0,
        logger,
        taskList: Object.fromEntries(options.jobs.map((job) => [job.name, task(job.name)])),
        parsedCronItems,
      });
      // job:error on every failure; job:failed once it is permanent (the dead letter, kept in graphile_worker's jobs).
      runner.events.on('job:error', ({ job, error }) => {
        if (job.attempts < job.max_attempts) base.log.warn({ job: job.task_identifier, jobId: job.id, attempt: job.attempts, err: error }, 'job failed; will retry');
      });
      runner.events.on('job:failed', ({ job, error }) => {
        base.log.error({ job: job.task_identifier, jobId: job.id, attempt: job.attempts, err: error }, 'job dead: no more attempts');
      });
      runner.promise.catch((error: unknown) => base.log.error({ err: error }, 'job runner stopped with an error'));
    },
    async stop() {
      const current = runner;
      runner = undefined;
      if (current) {
        const grace = timeout(JOB_STOP_GRACE_MS);
        const outcome = await Promise.race([current.stop().then(() => 'stopped' as const), grace.promise]);
        grace.cancel();
        if (outcome === 'timeout') {
          // Fails the jobs in hand back to the queue (they retry, here or elsewhere) instead of holding their lock for hours.
          base.log.warn('jobs still running at shutdown; handing them back');
          await current.kill('shutdown').catch((error: unknown) => base.log.error({ err: error }, 'job runner did not stop'));
        }
      }
      const made = utils;
      utils = undefined;
      await made?.then((u) => u.release()).catch(() => undefined);
      const ending = pool;
      pool = undefined;
      await ending?.end().catch(() => undefined);
    },
  };
}
