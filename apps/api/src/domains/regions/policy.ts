import { hasStaffRole, isSystemAdmin } from '@grove/shared';
import type { AuthUser } from '../../http/authenticate.js';
import { forbidden } from '../../http/errors.js';

/** Regions and branches: every staff member reads them (filters, forms); only the System Admin changes them. */
export type RegionAction = 'read' | 'manage';

export function can(user: Pick<AuthUser, 'roles'>, action: RegionAction): boolean {
  return action === 'read' ? hasStaffRole(user.roles) : isSystemAdmin(user.roles);
}

export function assertCan(user: Pick<AuthUser, 'roles'>, action: RegionAction): void {
  if (!can(user, action)) throw forbidden();
}
