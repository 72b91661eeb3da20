import { defineModule } from '../../modules/domain-module.js';
import { autoCloseJob } from './auto-close.js';
import { serviceRequestDashboardTiles } from './dashboard-tiles.js';
import { seedDemoServiceRequests } from './demo-seed.js';
import { requestFiles } from './file-visibility.js';
import { serviceRequestLiveEvents } from './live.js';
import { serviceRequestMessages, serviceRequestNotificationKinds } from './notifications.js';
import { requestsOverview } from './overview.js';
import { serviceRequestReportMetrics } from './report-metrics.js';
import { serviceRequestRoutes } from './routes.js';

export const serviceRequestsModule = defineModule({
  name: 'service-requests',
  routes: [serviceRequestRoutes],
  jobs: [autoCloseJob],
  dashboardTiles: serviceRequestDashboardTiles,
  notificationKinds: serviceRequestNotificationKinds,
  notificationMessages: serviceRequestMessages,
  customerOverview: [requestsOverview],
  files: requestFiles,
  demoSeed: { run: async (tx) => void (await seedDemoServiceRequests(tx)) },
  testing: () => import('./testing.js').then((m) => m.serviceRequestsTesting),
  reportMetrics: serviceRequestReportMetrics,
  liveEvents: serviceRequestLiveEvents,
});

/** Business-hours arithmetic (decision 006), for other domains' clocks (e.g. the message SLA). */
export { addBusinessHours } from './business-hours.js';
