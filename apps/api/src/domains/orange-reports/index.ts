import { defineModule } from '../../modules/domain-module.js';
import { orangeReportServiceRoutes } from './catalogue-routes.js';
import { orangeReportDashboardTiles } from './dashboard-tiles.js';
import { seedDemoOrangeReports } from './demo-seed.js';
import { reportFiles } from './file-visibility.js';
import { orangeReportLiveEvents } from './live.js';
import { ORANGE_REPORT_MESSAGES, orangeReportNotificationKinds } from './messages.js';
import { reportsOverview } from './overview.js';
import { orangeReportRoutes } from './routes.js';
import { orangeReportMetrics } from './report-metrics.js';

/*
 * Orange reports (issue 10). What other domains may use:
 * - `listCatalogueServices(db, { includeRetired?, search?, category?, ids? })`: catalogue services
 *   (shared type `OrangeReportService`, schema `orangeReportServiceSchema` from @grove/shared);
 * - `activeCatalogueServicesByIds(db, ids, field?)`: a Map id → service, 400 on `field` when an id
 *   is unknown or retired (use it to price a line from the catalogue on the server);
 * - `orangeReportServices`: the table, for a foreign key to a catalogue service (deleting a service
 *   a record references then answers 409, and the admin retires it instead).
 * - `publishedReportOf(db, customerId, reportId)`: an approved report of that customer (number and
 *   title) or null — what a proposal may answer.
 */
export { activeServicesByIds as activeCatalogueServicesByIds, listServices as listCatalogueServices } from './catalogue-service.js';
export { orangeReportServices } from './tables.js';
export { publishedReportOf } from './proposal-source.js';
export const orangeReportsModule = defineModule({
  name: 'orange-reports',
  routes: [orangeReportServiceRoutes, orangeReportRoutes],
  notificationKinds: orangeReportNotificationKinds,
  notificationMessages: ORANGE_REPORT_MESSAGES,
  customerOverview: [reportsOverview],
  dashboardTiles: orangeReportDashboardTiles,
  files: reportFiles,
  liveEvents: orangeReportLiveEvents,
  reportMetrics: orangeReportMetrics,
  demoSeed: { after: ['service-requests'], run: (tx, demo) => seedDemoOrangeReports(tx, demo.files) },
  testing: async () => {
    const { orangeReportRouteCases, orangeReportAudience } = await import('./access-matrix-cases.js');
    return { accessCases: orangeReportRouteCases, audience: orangeReportAudience };
  },
});
