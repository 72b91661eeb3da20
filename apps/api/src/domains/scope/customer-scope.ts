import { and, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  ALL_CUSTOMER_SCOPE_ROLES,
  BRANCH_SCOPE_ROLES,
  REGION_SCOPE_ROLES,
  TEAM_SCOPE_ROLES,
  isCustomerRole,
  type Role,
} from '@grove/shared';
import type { CacheEpochs } from '../../db/cache-epoch.js';
import type { Db } from '../../db/client.js';
import { customerTeam, customerUsers, customers } from '../../db/schema.js';
import type { AuthUser } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';

/** What the scope rules read of the caller. */
export type ScopeUser = Pick<AuthUser, 'id' | 'roles' | 'regionId' | 'branchId'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function holdsAny(user: ScopeUser, roles: readonly Role[]): boolean {
  return user.roles.some((role) => roles.includes(role));
}

/** Staff who see every customer (System Admin, Executive, Executive Team). */
export function seesAllCustomers(user: ScopeUser): boolean {
  return holdsAny(user, ALL_CUSTOMER_SCOPE_ROLES);
}

/** Customers the user is on the team of, or manages as account manager. */
export function onTeamCondition(user: ScopeUser): SQL {
  return or(
    eq(customers.accountManagerId, user.id),
    sql`exists (select 1 from ${customerTeam} where ${customerTeam.customerId} = ${customers.id} and ${customerTeam.userId} = ${user.id})`,
  )!;
}

/** Customers the user is linked to as an active customer-side user. */
export function linkedCustomerCondition(user: ScopeUser): SQL {
  return sql`exists (select 1 from ${customerUsers} where ${customerUsers.customerId} = ${customers.id} and ${customerUsers.userId} = ${user.id} and ${customerUsers.status} = 'active')`;
}

/**
 * The customers a user may see, as a condition on the `customers` table (issue 2, access control):
 * all for System Admin/Executive/Executive Team; their region for Regional Director/Manager; their
 * branch for Branch Manager; their teams (or customers they manage) for Account Manager, Crew Leader
 * and Business Development; their active links for customer-side users. Several roles → the union.
 */
export function customerScopeCondition(user: ScopeUser): SQL {
  if (seesAllCustomers(user)) return sql`true`;
  const parts: SQL[] = [];
  if (holdsAny(user, REGION_SCOPE_ROLES) && user.regionId) parts.push(eq(customers.regionId, user.regionId));
  if (holdsAny(user, BRANCH_SCOPE_ROLES) && user.branchId) parts.push(eq(customers.branchId, user.branchId));
  if (holdsAny(user, TEAM_SCOPE_ROLES)) parts.push(onTeamCondition(user));
  if (user.roles.some(isCustomerRole)) parts.push(linkedCustomerCondition(user));
  if (parts.length === 0) return sql`false`;
  return parts.length === 1 ? parts[0]! : or(...parts)!;
}

/**
 * For tables that carry a customer id (requests, reports, invoices…): `column` names a customer in
 * the user's scope. Use it in the WHERE of lists so out-of-scope rows never load.
 */
export function customerIdInScope(user: ScopeUser, column: AnyColumn | SQL): SQL {
  if (seesAllCustomers(user)) return sql`true`;
  return sql`${column} in (select ${customers.id} from ${customers} where ${customerScopeCondition(user)})`;
}

/** Whether one customer is in the user's scope (false for ids that do not exist or are malformed). */
export async function isCustomerInScope(db: Db, user: ScopeUser, customerId: string): Promise<boolean> {
  if (!UUID.test(customerId)) return false;
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), customerScopeCondition(user)))
    .limit(1);
  return Boolean(row);
}

/** Throws 404 (never 403: the record's existence is not revealed) when the customer is out of scope. */
export async function assertCustomerInScope(db: Db, user: ScopeUser, customerId: string): Promise<void> {
  if (!(await isCustomerInScope(db, user, customerId))) throw notFound();
}

/**
 * The caller's scope resolved to customer ids first (issue 15, decisions 029 and 033): `'all'` for
 * the roles that see every customer, otherwise the ids. Lists then filter with
 * `customer_id = ANY($ids)`, which the planner estimates from the column statistics, instead of
 * `IN (subquery)`, which made it walk the created-at index through thousands of rows to find a page.
 *
 * Cached per session while the `scope` version (db/cache-epoch.ts) read by the call's session lookup
 * is the one the ids were resolved at: triggers bump it in the transaction of any change a scope is
 * made of (teams, account managers, customers' region or branch, customer-user links, new or
 * deleted customers), so a change made by any process is seen by the next call. The entry also
 * names the user's id, roles, region and branch as that lookup read them (fresh on every call), so
 * a changed role or branch never meets an old entry. Without versions (jobs, direct service calls)
 * the scope is resolved every time.
 */
export type ResolvedScope = 'all' | readonly string[];

/** A caller as the scope cache sees it: the signed-in call's session and versions, when there is one. */
export type ScopeCaller = ScopeUser & { sessionId?: string; epochs?: CacheEpochs };

const SCOPE_CACHE_SIZE = 5_000;
const scopeCaches = new WeakMap<object, Map<string, { version: number; who: string; ids: readonly string[] }>>();

const whoOf = (user: ScopeUser) => `${user.id}|${[...user.roles].sort().join(',')}|${user.regionId ?? ''}|${user.branchId ?? ''}`;

async function queryScope(db: Pick<Db, 'select'>, user: ScopeUser): Promise<readonly string[]> {
  const rows = await db.select({ id: customers.id }).from(customers).where(customerScopeCondition(user));
  return rows.map((row) => row.id);
}

export async function resolveCustomerScope(db: Pick<Db, 'select'>, user: ScopeCaller): Promise<ResolvedScope> {
  if (seesAllCustomers(user)) return 'all';
  const { sessionId, epochs } = user;
  if (!sessionId || !epochs || epochs.scope < 0) return queryScope(db, user);
  let cache = scopeCaches.get(db);
  if (!cache) {
    cache = new Map();
    scopeCaches.set(db, cache);
  }
  const who = whoOf(user);
  const found = cache.get(sessionId);
  if (found && found.version === epochs.scope && found.who === who) return found.ids;
  const ids = await queryScope(db, user);
  cache.delete(sessionId);
  // Oldest entry out first (a Map iterates in insertion order).
  if (cache.size >= SCOPE_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(sessionId, { version: epochs.scope, who, ids });
  return ids;
}

/** `column = ANY($ids)` for a resolved scope (`true` for everyone's; `false` for none). */
export function customerIdInResolvedScope(scope: ResolvedScope, column: AnyColumn | SQL): SQL {
  if (scope === 'all') return sql`true`;
  if (scope.length === 0) return sql`false`;
  return sql`${column} = any(${uuidArray(scope)})`;
}

/** A uuid[] parameter (a text literal cast on the server: works alike on node-postgres and PGlite). */
export function uuidArray(ids: readonly string[]): SQL {
  for (const id of ids) if (!UUID.test(id)) throw new Error('not a uuid');
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}
