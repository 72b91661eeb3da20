/**
 * The EXPECTED audience of API routes, written out by hand from spec §6 and the issues — the
 * answer key of the access matrix (domains/access-matrix.test.ts, decision 026).
 *
 * Nothing here is imported from `@grove/shared`'s ACCESS table on purpose: a route's `config.access`
 * and ACCESS are what the matrix checks, so they must not also be where it takes its answers from.
 * Each module's testing (`testing().audience`) lists every one of its routes:
 *   'GET /api/Employees/:id': { who: STAFF },
 *   'GET /api/Customers': { who: SIGNED_IN, scope: 'list' },
 *   'POST /api/Regions': { who: SYSTEM_ADMIN },
 */
import type { Role } from '@grove/shared';

/** Spec §6: the staff roles. */
export const STAFF = [
  'Executive',
  'System Admin',
  'Executive Team',
  'Regional Director',
  'Regional Manager',
  'Branch Manager',
  'Account Manager',
  'Crew Leader',
  'Business Development',
] as const satisfies readonly Role[];

/** Spec §6: the customer-side roles. */
export const CUSTOMER_SIDE = [
  'Property Manager',
  'Board Member',
  'Resident',
  'Tenant/Resident',
  'Tenant/Resident - Neighborhood',
  'Landscape Committee',
] as const satisfies readonly Role[];

/** Any signed-in user ("routes with no role list need only login"). */
export const SIGNED_IN: readonly Role[] = [...STAFF, ...CUSTOMER_SIDE];
/** Spec §6: /create-orange-report. */
export const CREW_LEADER: readonly Role[] = ['Crew Leader'];
/** Spec §6: the global plan-template routes. */
export const PLAN_TEMPLATE_ROLES: readonly Role[] = [
  'Executive',
  'System Admin',
  'Executive Team',
  'Regional Director',
  'Regional Manager',
  'Branch Manager',
];
/** Spec §6: customer messages (list, new, view). */
export const CUSTOMER_MESSAGES: readonly Role[] = ['Property Manager', 'Board Member'];
/** Records of the whole company (regions, branches, employees, catalogues): issue 4. */
export const SYSTEM_ADMIN: readonly Role[] = ['System Admin'];
/** Staff who see every customer (issue 2's scope rules). */
export const SEES_ALL_CUSTOMERS: readonly Role[] = ['System Admin', 'Executive', 'Executive Team'];
/** Staff who may change a customer they see (issue 4): not Account Managers, Crew Leaders, Business Development. */
export const CUSTOMER_EDITORS: readonly Role[] = except(STAFF, 'Account Manager', 'Crew Leader', 'Business Development');
/** Staff who review field work (orange reports): the customer editors. */
export const REVIEWERS: readonly Role[] = CUSTOMER_EDITORS;

/** `list` without `roles`. */
export function except(list: readonly Role[], ...roles: Role[]): Role[] {
  return list.filter((role) => !roles.includes(role));
}

/**
 * Who may call a route and how its answers are limited:
 * - `who`: roles for which the call succeeds (record in scope); every other role is refused (403 or
 *   404). `'public'`: anyone, with or without a token.
 * - `scope: 'record'`: about one customer's record; out of the caller's scope it is 404 for everyone
 *   but the staff who see all customers.
 * - `scope: 'list'`: a list or export across customers; the case needs a `listProbe`, and a caller
 *   only ever finds records of customers in their scope in it.
 * - `scope: 'own'`: the caller's own data (profile, notifications, join requests).
 * - no scope: company-wide data (catalogues, regions, the file library).
 */
export interface Audience {
  who: readonly Role[] | 'public';
  scope?: 'record' | 'list' | 'own';
  /** `scope: 'list'`: who finds a new in-scope record in it, when not the whole audience. */
  listedFor?: readonly Role[];
}

export type AudienceTable = Record<string, Audience>;
