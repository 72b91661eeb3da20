import { defineModule } from '../../modules/domain-module.js';
import { autoCloseJob } from './auto-close.js';
import { serviceRequestDashboardTiles } from './dashboard-tiles.js';
import { serviceRequestRoutes } from './routes.js';

export const serviceRequestsModule = defineModule({
  name: 'service-requests',
  routes: [serviceRequestRoutes],
  jobs: [autoCloseJob],
  dashboardTiles: serviceRequestDashboardTiles,
});

/** Business-hours arithmetic (decision 006), for other domains' clocks (e.g. the message SLA). */
export { addBusinessHours } from './business-hours.js';
