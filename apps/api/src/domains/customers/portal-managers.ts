import { and, eq, sql } from 'drizzle-orm';
import { hasStaffRole, isCustomerRole, type CustomerRole } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerSettings, customerUsers } from '../../db/schema.js';
import { forbidden } from '../../http/errors.js';
import { assertCustomerInScope, type ScopeUser } from '../scope/index.js';
import { customerEditRight } from './policy.js';
import { loadSettingsRow } from './settings-service.js';

/*
 * Who manages a customer's portal users (issue 4), and as what (issue 9 §6):
 *   staff            staff who may edit the customer (customers/policy.ts: editors in scope, and
 *                    its own Account Manager);
 *   property-manager the customer's Property Managers (their active link holds the role);
 *   board-member     its Board Members, when the customer's settings allow it. They may not
 *                    change, disable or remove a Property Manager, nor grant that role.
 * Out of scope → 404 (existence not revealed), in scope without the right → 403.
 * What any of them manage is the person's membership of this customer, nothing else
 * (docs/decisions/012-portal-access-isolation.md).
 */

export type PortalManager = 'staff' | 'property-manager' | 'board-member';

export const BOARD_MEMBER_PM_TEXT = 'Board Members cannot change Property Managers or give the Property Manager role.';

export async function portalManagerKind(db: Db, user: ScopeUser, customerId: string): Promise<PortalManager | null> {
  if (hasStaffRole(user.roles)) return (await customerEditRight(db, user, customerId)) !== 'none' ? 'staff' : null;
  const roles = await activeLinkRoles(db, user.id, customerId);
  if (!roles) return null;
  if (roles.includes('Property Manager')) return 'property-manager';
  if (roles.includes('Board Member') && (await loadSettingsRow(db, customerId))?.boardMembersManagePortal) return 'board-member';
  return null;
}

export async function canManagePortal(db: Db, user: ScopeUser, customerId: string): Promise<boolean> {
  return (await portalManagerKind(db, user, customerId)) !== null;
}

export async function assertPortalManager(db: Db, user: ScopeUser, customerId: string): Promise<PortalManager> {
  await assertCustomerInScope(db, user, customerId);
  const kind = await portalManagerKind(db, user, customerId);
  if (!kind) throw forbidden();
  return kind;
}

/** A Board Member's change touching the Property Manager role (a PM's record, or granting it) is refused. */
export function assertMayTouch(manager: PortalManager, targetRoles: readonly string[], newRoles: readonly string[] = []): void {
  if (manager !== 'board-member') return;
  if (targetRoles.includes('Property Manager') || newRoles.includes('Property Manager')) throw forbidden(BOARD_MEMBER_PM_TEXT);
}

/** The customers whose portal users a customer-side user manages (the web shows "Portal access" only there). */
export async function managedPortalCustomerIds(db: Pick<Db, 'select'>, userId: string): Promise<string[]> {
  const rows = await db
    .select({ customerId: customerUsers.customerId })
    .from(customerUsers)
    .leftJoin(customerSettings, eq(customerSettings.customerId, customerUsers.customerId))
    .where(
      and(
        eq(customerUsers.userId, userId),
        eq(customerUsers.status, 'active'),
        sql`('Property Manager' = any(${customerUsers.roles}) or ('Board Member' = any(${customerUsers.roles}) and coalesce(${customerSettings.boardMembersManagePortal}, false)))`,
      ),
    )
    .orderBy(customerUsers.customerId);
  return rows.map((row) => row.customerId);
}

/** The user's roles at a customer through an active link, or null without one. */
export async function activeLinkRoles(db: Pick<Db, 'select'>, userId: string, customerId: string): Promise<CustomerRole[] | null> {
  const [link] = await db
    .select({ roles: customerUsers.roles })
    .from(customerUsers)
    .where(and(eq(customerUsers.userId, userId), eq(customerUsers.customerId, customerId), eq(customerUsers.status, 'active')))
    .limit(1);
  return link ? link.roles.filter(isCustomerRole) : null;
}
