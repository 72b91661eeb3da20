import { uploadCleanupJob } from '../domains/files/cleanup-job.js';
import { notificationEmailTopic } from '../domains/notifications/email-topic.js';
import { autoCloseJob } from '../domains/service-requests/auto-close.js';
import { idempotencyCleanupJob } from '../http/idempotency.js';
import { emailTopic } from '../mail/email-topic.js';
import type { OutboxTopic } from '../outbox/topic.js';
import type { AnyJob } from './define-job.js';

/*
 * Every job and outbox topic of the app, each defined once by the area that owns it. Adding one is
 * its definition plus a line here (a line in the area's module manifest once domains register
 * themselves). Outbox delivery is not listed: it is the background's own job.
 */

export const JOBS: readonly AnyJob[] = [uploadCleanupJob, autoCloseJob, idempotencyCleanupJob];

export const OUTBOX_TOPICS: readonly OutboxTopic[] = [emailTopic, notificationEmailTopic];
