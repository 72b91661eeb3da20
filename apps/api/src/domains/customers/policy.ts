import { and, eq } from 'drizzle-orm';
import {
  BRANCH_SCOPE_ROLES,
  CUSTOMER_CONTACT_FIELDS,
  REGION_SCOPE_ROLES,
  hasStaffRole,
  type CustomerEditRight,
  type Role,
} from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerTeam, customers } from '../../db/schema.js';
import { forbidden } from '../../http/errors.js';
import { assertCustomerInScope, seesAllCustomers, type ScopeUser } from '../scope/index.js';

/*
 * Who may change a customer (issue 4, "Settings: who may"). The caller must see the customer first
 * (scope: 404 otherwise); then:
 *   - System Admin, Executive, Executive Team: every field of every customer;
 *   - Regional Director/Manager: every field of their region's customers; Branch Manager: of their
 *     branch's customers. A role counts only for the customers it puts in scope (a Branch Manager who
 *     is also an Account Manager elsewhere edits those others as an Account Manager);
 *   - Account Manager: the contact details (CUSTOMER_CONTACT_FIELDS: address lines, city, state,
 *     postal code, map pin, notes) of their own customers (they are its account manager, or on its
 *     team as 'Account Manager'), and its map zones;
 *   - everyone else (Crew Leader, Business Development, customer users): nothing (403).
 * Settings (self-registration, code, notification routing) need `all`; the team and portal users
 * can be managed by `all` and by the customer's own Account Manager (`contact`).
 */

const holds = (user: ScopeUser, roles: readonly Role[]) => user.roles.some((role) => roles.includes(role));

export const CONTACT_FIELDS: ReadonlySet<string> = new Set(CUSTOMER_CONTACT_FIELDS);

/** Whether the user manages the customer as its Account Manager. */
async function isOwnAccountManager(db: Db, userId: string, customer: { id: string; accountManagerId: string | null }): Promise<boolean> {
  if (customer.accountManagerId === userId) return true;
  const [row] = await db
    .select({ userId: customerTeam.userId })
    .from(customerTeam)
    .where(and(eq(customerTeam.customerId, customer.id), eq(customerTeam.userId, userId), eq(customerTeam.teamRole, 'Account Manager')))
    .limit(1);
  return Boolean(row);
}

/** The edit right of a user on a customer they already see (scope checked by the caller). */
export async function customerEditRight(db: Db, user: ScopeUser, customerId: string): Promise<CustomerEditRight> {
  if (!hasStaffRole(user.roles)) return 'none';
  if (seesAllCustomers(user)) return 'all';
  const [customer] = await db
    .select({ id: customers.id, regionId: customers.regionId, branchId: customers.branchId, accountManagerId: customers.accountManagerId })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!customer) return 'none';
  if (holds(user, REGION_SCOPE_ROLES) && user.regionId === customer.regionId) return 'all';
  if (holds(user, BRANCH_SCOPE_ROLES) && user.branchId === customer.branchId) return 'all';
  if (user.roles.includes('Account Manager') && (await isOwnAccountManager(db, user.id, customer))) return 'contact';
  return 'none';
}

/** 404 out of scope, 403 without the needed right; returns the right the user has. */
export async function assertCustomerEditRight(db: Db, user: ScopeUser, customerId: string, needed: 'all' | 'any'): Promise<CustomerEditRight> {
  await assertCustomerInScope(db, user, customerId);
  const right = await customerEditRight(db, user, customerId);
  if (right === 'none' || (needed === 'all' && right !== 'all')) throw forbidden();
  return right;
}

/**
 * Where the user may create (or move) customers: everywhere for the all-customer roles, their
 * region or branch for the regional and branch roles. `null` = may not create at all.
 */
export function creatableLocation(user: ScopeUser): { any: true } | { regionId: string | null; branchId: string | null } | null {
  if (seesAllCustomers(user)) return { any: true };
  const regionId = holds(user, REGION_SCOPE_ROLES) ? user.regionId : null;
  const branchId = holds(user, BRANCH_SCOPE_ROLES) ? user.branchId : null;
  return regionId || branchId ? { regionId, branchId } : null;
}

/** Whether a customer placed in `regionId`/`branchId` stays within the user's own editing scope. */
export function mayPlaceCustomer(user: ScopeUser, regionId: string, branchId: string): boolean {
  const where = creatableLocation(user);
  if (!where) return false;
  if ('any' in where) return true;
  return where.regionId === regionId || where.branchId === branchId;
}

export function assertMayCreateCustomers(user: ScopeUser): void {
  if (!creatableLocation(user)) throw forbidden();
}
