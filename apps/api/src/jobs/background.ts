import type { FastifyBaseLogger } from 'fastify';
import { parseCronItem } from 'graphile-worker';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { outboxDeliveryJob } from '../outbox/delivery-job.js';
import type { OutboxTopic } from '../outbox/topic.js';
import { OUTBOX_CHANNEL } from '../outbox/write.js';
import type { AnyJob, JobQueue } from './define-job.js';
import { createGraphileRunner } from './graphile-runner.js';
import { createInProcessRunner } from './in-process-runner.js';
import type { JobRunner } from './runner.js';

/** Jobs one process runs at once (outbox delivery is one of them, so a long export never holds up mail alone). */
const CONCURRENCY = 4;

/**
 * The process's work after the response: the job engine for its database and the outbox
 * delivery, woken by the outbox's NOTIFY. `stop()` is the one shutdown step (idempotent).
 */
export interface Background extends JobQueue {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface BackgroundOptions {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  jobs: readonly AnyJob[];
  outboxTopics: readonly OutboxTopic[];
}

/** Each job's cron line after JOB_SCHEDULES (`off` removes one); unknown names and bad lines fail the start. */
export function effectiveSchedules(jobs: readonly AnyJob[], overrides: Readonly<Record<string, string>>): Map<string, string> {
  const names = new Set(jobs.map((job) => job.name));
  for (const name of Object.keys(overrides)) {
    if (!names.has(name)) throw new Error(`JOB_SCHEDULES names an unknown job: ${name} (known: ${[...names].join(', ')})`);
  }
  const schedules = new Map<string, string>();
  for (const job of jobs) {
    const line = overrides[job.name] ?? job.schedule;
    if (!line || line === 'off') continue;
    try {
      parseCronItem({ task: job.name, match: line, identifier: job.name });
    } catch (error) {
      throw new Error(`Schedule of ${job.name} is not a cron line: "${line}" (${(error as Error).message})`, { cause: error });
    }
    if (!job.payload.safeParse({}).success) throw new Error(`Scheduled job ${job.name} must accept an empty payload`);
    schedules.set(job.name, line);
  }
  return schedules;
}

export function createBackground(options: BackgroundOptions): Background {
  const { config, database, log } = options;
  const delivery = outboxDeliveryJob(options.outboxTopics);
  const jobs = [delivery, ...options.jobs];
  const duplicate = jobs.find((job, index) => jobs.findIndex((other) => other.name === job.name) !== index);
  if (duplicate) throw new Error(`Two jobs are named ${duplicate.name}`);
  const schedules = effectiveSchedules(jobs, config.jobSchedules);
  const runnerOptions = {
    jobs,
    schedules,
    base: { db: database.db, config, log },
    concurrency: CONCURRENCY,
    enqueueOnly: !config.runJobs,
  };
  const runner: JobRunner =
    database.kind === 'postgres' && config.databaseUrl
      ? createGraphileRunner({ ...runnerOptions, connectionString: config.databaseUrl })
      : createInProcessRunner(runnerOptions);

  let unlisten: (() => Promise<void>) | undefined;
  let stopping: Promise<void> | undefined;

  // Many commits in a burst wake delivery once: one enqueue in flight, at most one more after it.
  let waking: Promise<void> | undefined;
  let wakeAgain = false;
  const wakeDelivery = (): void => {
    if (stopping) return;
    if (waking) {
      wakeAgain = true;
      return;
    }
    waking = runner
      .enqueue(delivery, {}, { key: delivery.name })
      .catch((error: unknown) => log.error({ err: error }, 'could not queue outbox delivery; the next minute tick will'))
      .finally(() => {
        waking = undefined;
        if (wakeAgain) {
          wakeAgain = false;
          wakeDelivery();
        }
      });
  };

  return {
    enqueue: (job, payload, enqueueOptions) => runner.enqueue(job, payload, enqueueOptions),
    async start() {
      await runner.start();
      if (!config.runJobs) {
        log.info(database.kind === 'postgres' ? 'RUN_JOBS=false: jobs and emails are left to other processes' : 'RUN_JOBS=false on the embedded database: no job runs and no email is sent');
        return;
      }
      unlisten = await database.listen(OUTBOX_CHANNEL, () => wakeDelivery(), log);
      // Whatever was committed before this process came up (a crash after commit) goes out now.
      wakeDelivery();
    },
    stop() {
      stopping ??= (async () => {
        await unlisten?.().catch(() => undefined);
        await waking;
        await runner.stop();
      })();
      return stopping;
    },
  };
}
