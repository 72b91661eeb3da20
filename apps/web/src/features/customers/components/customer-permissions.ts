import { ALL_CUSTOMER_SCOPE_ROLES, BRANCH_SCOPE_ROLES, REGION_SCOPE_ROLES } from '@grove/shared';

const CREATORS: readonly string[] = [...ALL_CUSTOMER_SCOPE_ROLES, ...REGION_SCOPE_ROLES, ...BRANCH_SCOPE_ROLES];

/**
 * Who sees "New customer": the roles the server lets create customers (System Admin, Executive,
 * Executive Team anywhere; Regional Director/Manager in their region; Branch Manager in their branch).
 */
export function mayCreateCustomers(roles: readonly string[]): boolean {
  return roles.some((role) => CREATORS.includes(role));
}
