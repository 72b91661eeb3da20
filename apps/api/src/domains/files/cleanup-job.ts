import type { FastifyInstance } from 'fastify';
import { UNATTACHED_FILE_TTL_MS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { cleanupUnattachedFiles } from './cleanup-unattached-files.js';
import { fileStoreFor } from './file-store-for-config.js';
import { registerPeriodicJob } from '../../jobs/periodic-job.js';

const INTERVAL_MS = 60 * 60 * 1000;

/** Removes day-old unattached uploads at start and then hourly. */
export function registerFileCleanup(app: FastifyInstance, deps: AppDeps): void {
  registerPeriodicJob(app, {
    name: 'unattached-upload-cleanup',
    intervalMs: INTERVAL_MS,
    task: () => cleanupUnattachedFiles(deps.database.db, fileStoreFor(deps.config), UNATTACHED_FILE_TTL_MS),
  });
}
