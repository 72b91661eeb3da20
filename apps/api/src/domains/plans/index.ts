import { defineModule } from '../../modules/domain-module.js';
import { planDashboardTiles } from './dashboard-tiles.js';
import { seedDemoPlans } from './demo-seed.js';
import { planFiles } from './file-visibility.js';
import { planDailyJob } from './jobs.js';
import { planMessages, planNotificationKinds } from './notifications.js';
import { plansOverview } from './overview.js';
import { planRoutes } from './plan-routes.js';
import { planTemplateRoutes } from './template-routes.js';
import { planReportMetrics } from './report-metrics.js';

/** Quarterly (90-day) plans and plan templates (issue 11). */
export const plansModule = defineModule({
  name: 'plans',
  routes: [planTemplateRoutes, planRoutes],
  jobs: [planDailyJob],
  reportMetrics: planReportMetrics,
  dashboardTiles: planDashboardTiles,
  notificationKinds: planNotificationKinds,
  notificationMessages: planMessages,
  customerOverview: [plansOverview],
  files: planFiles,
  // After the customers' seed: plans pick the zones it draws on the property maps.
  demoSeed: { after: ['customers'], last: true, run: (tx) => seedDemoPlans(tx) },
  testing: () => import('./testing.js').then((m) => m.plansTesting),
});
