import { z } from 'zod';
import { defineJob, type JobDefinition } from '../jobs/define-job.js';
import { deliverDueOutbox } from './deliver.js';
import type { OutboxTopic } from './topic.js';

export const OUTBOX_DELIVERY_JOB = 'outbox.deliver';

/**
 * Delivers what is due in the outbox. It is queued (one waiting run at most) whenever a
 * transaction that wrote to the outbox commits, and runs every minute to pick up retries that
 * have come due and anything whose wake-up was lost.
 */
export function outboxDeliveryJob(topics: readonly OutboxTopic[]): JobDefinition<Record<string, never>> {
  return defineJob({
    name: OUTBOX_DELIVERY_JOB,
    payload: z.object({}).strict(),
    schedule: '* * * * *',
    // Each message keeps its own attempts; a failed run (database gone) is simply the next tick's work.
    retry: { maxAttempts: 1 },
    async handler(_payload, ctx) {
      const counts = await deliverDueOutbox(ctx.db, topics, { config: ctx.config, log: ctx.log }, ctx.signal);
      if (counts.delivered + counts.retried + counts.dead > 0) ctx.log.debug({ ...counts }, 'outbox delivered');
    },
  });
}
