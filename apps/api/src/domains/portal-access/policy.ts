// Who manages a customer's portal users is a right on the customer: customers/portal-managers.ts.
export { BOARD_MEMBER_PM_TEXT, assertMayTouch, assertPortalManager, canManagePortal, managedPortalCustomerIds, portalManagerKind, type PortalManager } from '../customers/index.js';
