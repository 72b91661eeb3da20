import { hasStaffRole, isSystemAdmin } from '@grove/shared';
import type { AuthUser } from '../../http/authenticate.js';
import { forbidden } from '../../http/errors.js';

/**
 * Who may do what with staff records (issue 4): every staff member reads the directory; only the
 * System Admin creates, changes, deactivates and re-invites staff. Every entry point asks `can`.
 */
export type EmployeeAction = 'readDirectory' | 'manage';

export function can(user: Pick<AuthUser, 'roles'>, action: EmployeeAction): boolean {
  switch (action) {
    case 'readDirectory':
      return hasStaffRole(user.roles);
    case 'manage':
      return isSystemAdmin(user.roles);
  }
}

export function assertCan(user: Pick<AuthUser, 'roles'>, action: EmployeeAction): void {
  if (!can(user, action)) throw forbidden();
}
