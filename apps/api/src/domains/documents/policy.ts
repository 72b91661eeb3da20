import { hasStaffRole, type DocumentAction } from '@grove/shared';
import type { AuthUser } from '../../http/authenticate.js';
import { forbidden } from '../../http/errors.js';

/*
 * Who may do what to a document the caller can already see (the customer is in scope and, for
 * customer-side users, the document is visible to the customer; otherwise it is 404 before this).
 * - Staff: everything (edit, replace the file, change visibility, delete).
 * - Customer-side users: edit and replace documents they uploaded; never change visibility or delete.
 */

export type Actor = Pick<AuthUser, 'id' | 'roles'>;

export interface DocumentFacts {
  visibility: string;
  createdBy: string | null;
}

export function isStaffUser(user: Pick<AuthUser, 'roles'>): boolean {
  return hasStaffRole(user.roles);
}

/** Whether the caller may see a document of this visibility at all (scope checked separately). */
export function maySee(user: Pick<AuthUser, 'roles'>, visibility: string): boolean {
  return visibility === 'customer' || isStaffUser(user);
}

export function allowedActions(user: Actor, facts: DocumentFacts): DocumentAction[] {
  if (isStaffUser(user)) return ['edit', 'replace', 'changeVisibility', 'delete'];
  return facts.createdBy === user.id ? ['edit', 'replace'] : [];
}

export function assertMay(user: Actor, facts: DocumentFacts, action: DocumentAction): void {
  if (!allowedActions(user, facts).includes(action)) throw forbidden('You cannot change this document');
}
