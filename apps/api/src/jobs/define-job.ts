import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';

/** What a job's handler gets besides its payload. */
export interface JobContext {
  db: Db;
  config: Config;
  /** Carries the job's name and id. */
  log: FastifyBaseLogger;
  /**
   * Aborts when the process shuts down: finish the item in hand, take nothing new and return; a
   * job that stops early should leave its work findable by the next run.
   */
  signal: AbortSignal;
  /** 1 on the first run, 2 on the first retry… */
  attempt: number;
  /** The schedule tick this run is for; null when the job was enqueued. */
  scheduledFor: Date | null;
  /** To queue follow-up jobs. */
  jobs: JobQueue;
}

/**
 * A job, defined once and run by whichever engine the database has (jobs/background.ts):
 * graphile-worker on PostgreSQL, the in-process runner on the embedded database.
 */
export interface JobDefinition<P = unknown> {
  /** `domain.what`, lower case with dashes: `service-requests.auto-close`. */
  name: string;
  /** Checked when enqueued and again when run. */
  payload: z.ZodType<P>;
  /**
   * Cron line in UTC (`minute hour day month weekday`). A scheduled job runs once per tick however
   * many API processes there are. JOB_SCHEDULES may change or switch off a schedule per install.
   */
  schedule?: string;
  /** Attempts before the job is dead (kept and logged, not retried). Default JOB_MAX_ATTEMPTS. */
  retry?: { maxAttempts: number };
  handler(payload: P, ctx: JobContext): Promise<void>;
}

export interface EnqueueOptions {
  /** At most one waiting job per key: a second enqueue with the same key replaces the waiting one. */
  key?: string;
  /** Not before this time (default: now). */
  runAt?: Date;
}

export interface JobQueue {
  enqueue<P>(job: JobDefinition<P>, payload: P, options?: EnqueueOptions): Promise<void>;
}

export const JOB_MAX_ATTEMPTS = 5;

/** Wait before retry n (n failures so far): e^n seconds, the same as graphile-worker's, so both engines behave alike. */
export function jobBackoffMs(failures: number): number {
  return Math.round(Math.exp(Math.min(failures, 10)) * 1000);
}

const NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;

/** Any job, as a list of jobs with different payloads holds them (each checks its own). */
export type AnyJob = JobDefinition<unknown>;

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  if (!NAME.test(definition.name)) throw new Error(`Job name must look like "domain.what": ${definition.name}`);
  return definition;
}
