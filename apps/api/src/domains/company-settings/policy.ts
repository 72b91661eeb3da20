import { hasStaffRole, isSystemAdmin } from '@grove/shared';
import type { AuthUser } from '../../http/authenticate.js';

/** Who may do what to the company details: every staff member reads them, System Admin changes them. */
export function can(user: Pick<AuthUser, 'roles'>, action: 'read' | 'manage'): boolean {
  return action === 'read' ? hasStaffRole(user.roles) : isSystemAdmin(user.roles);
}
