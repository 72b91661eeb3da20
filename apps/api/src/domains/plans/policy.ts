import { canAccess, hasStaffRole } from '@grove/shared';
import type { AuthUser } from '../../http/authenticate.js';
import { forbidden } from '../../http/errors.js';

/*
 * Who may do what with templates and plans (issue 11, spec §6). Scope (which customers a user sees)
 * is checked first by the callers: a record of a customer out of scope is 404 before any of this.
 * - Global templates: read and used by all staff; written only by the planTemplates roles.
 * - A customer's templates: read and written by staff who see the customer.
 * - Plans: written, published and ticked by staff in scope; customer users of the customer read
 *   published and completed plans, acknowledge and comment.
 */

export type Actor = Pick<AuthUser, 'id' | 'roles'>;

export const isStaff = (user: Pick<AuthUser, 'roles'>) => hasStaffRole(user.roles);

export function mayWriteTemplate(user: Actor, template: { customerId: string | null }): boolean {
  if (!isStaff(user)) return false;
  return template.customerId !== null || canAccess(user.roles, 'planTemplates');
}

export function assertMayWriteTemplate(user: Actor, template: { customerId: string | null }): void {
  if (!mayWriteTemplate(user, template)) throw forbidden('Only executives, system admins, regional and branch managers can change global templates');
}

/** Customer users see a plan once it is published; drafts are staff only. */
export function maySeePlan(user: Actor, plan: { status: string }): boolean {
  return isStaff(user) || plan.status !== 'draft';
}
