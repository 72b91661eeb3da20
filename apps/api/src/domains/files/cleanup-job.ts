import type { FastifyInstance } from 'fastify';
import { UNATTACHED_FILE_TTL_MS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { cleanupUnattachedFiles } from './cleanup-unattached-files.js';
import { fileStoreFor } from './file-store-for-config.js';

const INTERVAL_MS = 60 * 60 * 1000;

/** Removes day-old unattached uploads at start and then hourly; the timer never keeps the process alive. */
export function registerFileCleanup(app: FastifyInstance, deps: AppDeps): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= cleanupUnattachedFiles(deps.database.db, fileStoreFor(deps.config), UNATTACHED_FILE_TTL_MS)
      .then((removed) => {
        if (removed > 0) app.log.info({ removed }, 'removed unattached uploads');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'unattached upload cleanup failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // Let a run in progress finish before the database closes under it.
    await running;
  });
}
