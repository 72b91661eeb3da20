import { defineModule } from '../../modules/domain-module.js';
import { kudosDashboardTiles } from './dashboard-tiles.js';
import { seedDemoKudos } from './demo-seed.js';
import { kudosFiles } from './file-visibility.js';
import { kudosMessages, kudosNotificationKinds } from './notifications.js';
import { kudosRoutes } from './routes.js';
import { kudosReportMetrics } from './report-metrics.js';

export const kudosModule = defineModule({
  name: 'kudos',
  routes: [kudosRoutes],
  notificationKinds: kudosNotificationKinds,
  notificationMessages: kudosMessages,
  files: kudosFiles,
  reportMetrics: kudosReportMetrics,
  dashboardTiles: kudosDashboardTiles,
  demoSeed: { after: ['messages'], run: async (tx) => void (await seedDemoKudos(tx)) },
  testing: async () => {
    const { kudosRouteCases, kudosAudience } = await import('./access-matrix-cases.js');
    return { accessCases: kudosRouteCases, audience: kudosAudience };
  },
});
