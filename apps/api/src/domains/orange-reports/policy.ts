import type { AuthUser } from '../../http/authenticate.js';
import { forbidden } from '../../http/errors.js';

/** The catalogue is managed by System Admin only (issue 10); every staff member reads it. */
export function assertCanManageCatalogue(user: Pick<AuthUser, 'roles'>): void {
  if (!user.roles.includes('System Admin')) throw forbidden('Only a System Admin can change the service catalogue');
}
