import { isSystemAdmin } from '@grove/shared';
// Who manages a customer's portal users is a right on the customer: customers/portal-managers.ts.
export { BOARD_MEMBER_PM_TEXT, assertMayTouch, assertPortalManager, canManagePortal, managedPortalCustomerIds, portalManagerKind, type PortalManager } from '../customers/index.js';


/**
 * Actions on a person's whole account rather than one customer's access (issue 9 §5): turning the
 * account off or on everywhere, and looking up any email without a customer. System Admin only;
 * everything about one customer's portal users is `assertPortalManager` / `assertMayTouch`.
 */
export type PortalAccountAction = 'setAccountActive' | 'lookUpAnyEmail';

export function can(user: { roles: readonly string[] }, _action: PortalAccountAction): boolean {
  return isSystemAdmin(user.roles);
}
