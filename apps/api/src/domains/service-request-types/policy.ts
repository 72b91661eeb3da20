import { isSystemAdmin } from '@grove/shared';
import type { AuthUser } from '../../http/authenticate.js';
import { forbidden } from '../../http/errors.js';

/** Types and priorities are managed by System Admin only (issue 5); everyone signed in reads them. */
export function assertCanManageReferenceData(user: Pick<AuthUser, 'roles'>): void {
  if (!isSystemAdmin(user.roles)) throw forbidden('Only a System Admin can change service request types and priorities');
}
