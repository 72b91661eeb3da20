import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { AnyJob, JobQueue } from './define-job.js';

/** One job engine: graphile-worker on PostgreSQL, the in-process runner on the embedded database. */
export interface JobRunner extends JobQueue {
  /** Unless `enqueueOnly`: prepares the engine (its tables) and starts working jobs and schedules. */
  start(): Promise<void>;
  /**
   * Takes no new job; jobs in hand see their signal abort and get up to `JOB_STOP_GRACE_MS` to
   * finish. On PostgreSQL a job still running then is failed back to the queue for any other
   * process; nothing is left holding a connection or a timer.
   */
  stop(): Promise<void>;
}

export interface RunnerOptions {
  jobs: readonly AnyJob[];
  /** The cron line of each scheduled job (JOB_SCHEDULES applied); others are not scheduled. */
  schedules: ReadonlyMap<string, string>;
  base: { db: Db; config: Config; log: FastifyBaseLogger };
  /** Jobs run at once in this process. */
  concurrency: number;
  /** Queue jobs but leave running them to other processes (RUN_JOBS=false). */
  enqueueOnly: boolean;
}

/** Within the 10 s a process manager usually waits after SIGTERM. */
export const JOB_STOP_GRACE_MS = 8_000;

export function timeout(ms: number): { promise: Promise<'timeout'>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
    timer.unref();
  });
  return { promise, cancel: () => clearTimeout(timer) };
}
