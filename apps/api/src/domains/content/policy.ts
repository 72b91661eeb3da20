import { ALL_CUSTOMER_SCOPE_ROLES, BRANCH_SCOPE_ROLES, REGION_SCOPE_ROLES, STAFF_ROLES, hasStaffRole, isCustomerRole, type ContentAudienceType, type Role } from '@grove/shared';
import type { ModuleUser } from '../../modules/domain-module.js';
import { forbidden } from '../../http/errors.js';

export type ContentAction = 'view' | 'manage' | 'read';

/**
 * Staff who write content (decision 041): everyone on the staff side but Crew Leaders, whose scope is
 * their team's field work — they read what their customers are told, they do not address them.
 */
export const CONTENT_AUTHOR_ROLES: readonly Role[] = STAFF_ROLES.filter((role) => role !== 'Crew Leader');

/**
 * The audiences a user may address (decision 041), the union over their roles:
 * - `all`: Executive, System Admin, Executive Team — any audience;
 * - `regionId`: Regional Director/Manager — their region, its branches;
 * - `branchId`: Branch Manager — their branch;
 * - `customers`: every author — chosen customers, each in their customer scope (scope/customer-scope.ts:
 *   the region's, the branch's, or those whose team they are on for Account Managers and Business
 *   Development).
 * Which existing items a user may manage follows the same rule applied to the item's audience.
 */
export interface ContentAuthorScope {
  all: boolean;
  regionId: string | null;
  branchId: string | null;
  customers: boolean;
}

const holds = (user: Pick<ModuleUser, 'roles'>, roles: readonly Role[]) => user.roles.some((role) => roles.includes(role));

export function authorScope(user: Pick<ModuleUser, 'roles' | 'regionId' | 'branchId'>): ContentAuthorScope {
  const author = holds(user, CONTENT_AUTHOR_ROLES);
  return {
    all: holds(user, ALL_CUSTOMER_SCOPE_ROLES),
    regionId: holds(user, REGION_SCOPE_ROLES) ? user.regionId : null,
    branchId: holds(user, BRANCH_SCOPE_ROLES) ? user.branchId : null,
    customers: author,
  };
}

/** The audience types a scope offers, in the form's order. */
export function audienceTypesOf(scope: ContentAuthorScope): ContentAudienceType[] {
  if (scope.all) return ['all', 'region', 'branch', 'customers'];
  const types: ContentAudienceType[] = [];
  if (scope.regionId) types.push('region');
  if (scope.regionId || scope.branchId) types.push('branch');
  if (scope.customers) types.push('customers');
  return types;
}

/**
 * The one answer of the content domain. `view` (the staff list, one item): every staff role — spec
 * §6 opens /content to them; which items they find is the scope rule in SQL (service.ts).
 * `manage` (write, publish, unpublish, delete, see reach): the authors, for items within their scope.
 * `read` (the feed, recording an open): customer-side users; which items is the audience rule in SQL.
 */
export function can(user: Pick<ModuleUser, 'roles'>, action: ContentAction): boolean {
  if (action === 'view') return hasStaffRole(user.roles);
  if (action === 'manage') return holds(user, CONTENT_AUTHOR_ROLES);
  return user.roles.some(isCustomerRole);
}

export function assertMay(user: Pick<ModuleUser, 'roles'>, action: ContentAction): void {
  if (!can(user, action)) throw forbidden();
}
