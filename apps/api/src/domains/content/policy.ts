import { hasStaffRole, isCustomerRole } from '@grove/shared';
import type { ModuleUser } from '../../modules/domain-module.js';
import { forbidden } from '../../http/errors.js';

export type ContentAction = 'manage' | 'read';

/**
 * The one answer of the content domain. `manage` (write, publish, see reach): staff — spec §6 opens
 * /content to every staff role. `read` (the feed, recording an open): customer-side users; which
 * items they read is the audience rule in SQL (service.ts).
 */
export function can(user: Pick<ModuleUser, 'roles'>, action: ContentAction): boolean {
  if (action === 'manage') return hasStaffRole(user.roles);
  return user.roles.some(isCustomerRole);
}

export function assertMay(user: Pick<ModuleUser, 'roles'>, action: ContentAction): void {
  if (!can(user, action)) throw forbidden();
}
