import { z } from 'zod';
import { UNATTACHED_FILE_TTL_MS } from '@grove/shared';
import { defineJob } from '../../jobs/define-job.js';
import { cleanupUnattachedFiles } from './cleanup-unattached-files.js';
import { fileStoreFor } from './file-store-for-config.js';

/** Removes day-old uploads never attached to anything, hourly. */
export const uploadCleanupJob = defineJob({
  name: 'files.cleanup-unattached',
  payload: z.object({}),
  schedule: '45 * * * *',
  async handler(_payload, ctx) {
    const removed = await cleanupUnattachedFiles(ctx.db, fileStoreFor(ctx.config), UNATTACHED_FILE_TTL_MS);
    if (removed > 0) ctx.log.info({ removed }, 'unattached uploads removed');
  },
});
