import { hasStaffRole } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { forbidden } from '../../http/errors.js';
import { customerEditRight } from '../customers/policy.js';
import { loadSettingsRow } from '../customers/settings-service.js';
import { assertCustomerInScope, type ScopeUser } from '../scope/customer-scope.js';
import { activeLinkRoles } from './links.js';

/*
 * Who manages a customer's portal users (issue 4):
 *   - staff who may edit the customer (customers/policy.ts: editors in scope, and its own Account
 *     Manager);
 *   - the customer's Property Managers (their active link holds the role);
 *   - its Board Members, when the customer's settings allow it.
 * Out of scope → 404 (existence not revealed), in scope without the right → 403.
 */

export async function canManagePortal(db: Db, user: ScopeUser, customerId: string): Promise<boolean> {
  if (hasStaffRole(user.roles)) return (await customerEditRight(db, user, customerId)) !== 'none';
  const roles = await activeLinkRoles(db, user.id, customerId);
  if (!roles) return false;
  if (roles.includes('Property Manager')) return true;
  if (roles.includes('Board Member')) return (await loadSettingsRow(db, customerId))?.boardMembersManagePortal ?? false;
  return false;
}

export async function assertPortalManager(db: Db, user: ScopeUser, customerId: string): Promise<void> {
  await assertCustomerInScope(db, user, customerId);
  if (!(await canManagePortal(db, user, customerId))) throw forbidden();
}
