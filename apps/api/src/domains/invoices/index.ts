import { defineModule } from '../../modules/domain-module.js';
import { invoiceDashboardTiles } from './dashboard-tiles.js';
import { seedDemoInvoices } from './demo-seed.js';
import { invoiceFiles } from './file-visibility.js';
import { invoiceMessages, invoiceNotificationKinds } from './notifications.js';
import { invoicesOverview } from './overview.js';
import { invoiceRoutes } from './routes.js';

/** Invoices, payments and aging (issue 12; docs/decisions/021). */
export const invoicesModule = defineModule({
  name: 'invoices',
  routes: [invoiceRoutes],
  dashboardTiles: invoiceDashboardTiles,
  notificationKinds: invoiceNotificationKinds,
  notificationMessages: invoiceMessages,
  customerOverview: [invoicesOverview],
  files: invoiceFiles,
  demoSeed: { run: (tx, demo) => seedDemoInvoices(tx, demo) },
  testing: () => import('./testing.js').then((m) => m.invoicesTesting),
});
