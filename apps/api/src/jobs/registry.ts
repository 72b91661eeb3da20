import { idempotencyCleanupJob } from '../http/idempotency.js';
import { emailTopic } from '../mail/email-topic.js';
import { MODULES } from '../modules/registry.js';
import type { OutboxTopic } from '../outbox/topic.js';
import type { AnyJob } from './define-job.js';

/*
 * Every job and outbox topic of the app: the platform's own here, the rest from the domain modules.
 * Outbox delivery is not listed: it is the background's own job.
 */

export const JOBS: readonly AnyJob[] = [idempotencyCleanupJob, ...MODULES.flatMap((module) => module.jobs ?? [])];

export const OUTBOX_TOPICS: readonly OutboxTopic[] = [emailTopic, ...MODULES.flatMap((module) => module.outboxTopics ?? [])];
