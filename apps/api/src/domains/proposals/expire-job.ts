import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.js';
import { expireProposals } from './service.js';

/** Hourly at :05: sent proposals past their valid-until date become expired. */
export const expireProposalsJob = defineJob({
  name: 'proposals.expire',
  payload: z.object({}),
  schedule: '5 * * * *',
  async handler(_payload, ctx) {
    const expired = await expireProposals(ctx.db, new Date());
    if (expired > 0) ctx.log.info({ expired }, 'proposals expired');
  },
});
