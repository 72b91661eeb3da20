import { defineModule } from '../../modules/domain-module.js';
import { liveEventsCleanupJob } from './retention-job.js';
import { liveRoutes } from './routes.js';

/**
 * The live event stream (GET /api/events) and the retention of the event log. Domains publish with
 * `publishLiveEvent` (live/publish.ts) and declare their types with the module's `liveEvents`.
 */
export const liveModule = defineModule({
  name: 'live',
  routes: [liveRoutes()],
  jobs: [liveEventsCleanupJob],
  testing: async () => {
    const { liveRouteCases, liveAudience } = await import('./access-matrix-cases.js');
    return { accessCases: liveRouteCases, audience: liveAudience };
  },
});
