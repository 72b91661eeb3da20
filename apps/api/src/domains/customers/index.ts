import { defineModule } from '../../modules/domain-module.js';
import { customerRecordFileVisible } from '../files/index.js';
import { CUSTOMER_PHOTO_OWNER } from './customer-write.js';
import { customerDashboardTiles } from './dashboard-tiles.js';
import { seedDemoPortal } from './demo-seed.js';
import { customerRoutes } from './routes.js';

export const customersModule = defineModule({
  name: 'customers',
  routes: [customerRoutes],
  dashboardTiles: customerDashboardTiles,
  files: { ownerTypes: [CUSTOMER_PHOTO_OWNER], canSeeFiles: customerRecordFileVisible },
  // Last: invited people (no password yet) must not become requesters or message authors.
  demoSeed: { last: true, run: (tx, demo) => seedDemoPortal(tx, demo.customerIds, demo.passwordHash) },
  testing: () => import('./testing.js').then((m) => m.customersTesting),
});

// What other domains use: edit rights, who manages the customer's portal users, registration codes.
export { customerEditRight } from './policy.js';
export {
  BOARD_MEMBER_PM_TEXT,
  activeLinkRoles,
  assertMayTouch,
  assertPortalManager,
  canManagePortal,
  managedPortalCustomerIds,
  portalManagerKind,
  type PortalManager,
} from './portal-managers.js';
export { normalizeRegistrationCode } from './registration-codes.js';
