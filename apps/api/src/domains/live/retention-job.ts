import { lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.js';
import { liveEvents } from '../../live/table.js';

/** Hourly at :50: live events older than a day go (replay on reconnect covers one day at most). */
export const liveEventsCleanupJob = defineJob({
  name: 'live.cleanup',
  payload: z.object({}),
  schedule: '50 * * * *',
  async handler(_payload, ctx) {
    await ctx.db.delete(liveEvents).where(lt(liveEvents.createdAt, sql`now() - interval '1 day'`));
  },
});
