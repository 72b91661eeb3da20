/**
 * The access matrix (issue 2): every registered /api route × no token and each of the fifteen roles ×
 * a customer in and out of the caller's scope, checked against the rules of spec §6:
 *   - no token → 401 (public routes: anything but 401/403);
 *   - no role matching the route's access key → 403;
 *   - a record of an out-of-scope customer → 404;
 *   - otherwise "allowed": not 401/403/404, and never a 5xx.
 *
 * ADDING AN ENDPOINT: add its "METHOD /path" entry to the `accessCases` of your module's testing
 * (`testing: () => import('./testing.js')…` in its index.ts; a route without an entry fails).
 * Routes about one customer's data set `scoped: true` and build their params for the customer given.
 * Mutating routes must build a fresh record per request (the request really runs for every role).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CUSTOMER_SCOPE_ROLES, ROLES, canAccess, type AccessKey, type CustomerRole, type Role } from '@grove/shared';
import { apiRoutes } from '../http/route-registry.js';
import type { AccessBuilder, AccessCase, AccessFixture } from '../modules/domain-module.js';
import { modules } from '../modules/catalog.js';
import { addTeamMember, createCustomer, createScopeWorld, linkCustomerUser, signIn, type CustomerRow, type SignedIn } from '../test/factories.js';
import { customerTeam, customerUsers, sessions as sessionsTable } from '../db/schema.js';
import { createTestContext, dbKind } from '../test/test-app.js';

type MatrixFixture = AccessFixture;
type RouteCase = AccessCase;
type Built<T> = T | Promise<T>;

/** Every module's cases (its `testing().accessCases`); a route claimed twice is a mistake. */
async function collectCases(): Promise<Record<string, RouteCase>> {
  const all: Record<string, RouteCase> = {};
  for (const module of modules()) {
    const cases = (await module.testing?.())?.accessCases ?? {};
    for (const [key, entry] of Object.entries(cases)) {
      if (key in all) throw new Error(`access matrix: ${key} has cases in two modules (second: ${module.name})`);
      all[key] = entry;
    }
  }
  return all;
}

const ROUTES = await collectCases();

type Expected = number | 'allowed';

function expectedStatus(entry: RouteCase, access: AccessKey, role: Role | null, inScope: boolean): Expected {
  const override = entry.expect?.({ role, inScope, access });
  if (override !== undefined) return override;
  if (access === 'public') return 'allowed';
  if (role === null) return 401;
  if (!canAccess([role], access)) return 403;
  // Scope comes before the route's own policy: an out-of-scope record is 404 for everyone.
  if (entry.scoped && !inScope) return 404;
  if (entry.forbiddenRoles?.includes(role)) return 403;
  return 'allowed';
}

function matches(expected: Expected, status: number): boolean {
  if (expected === 'allowed') return status < 500 && ![401, 403, 404].includes(status);
  return status === expected;
}

function fillPath(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${url}: the params builder gave no "${name}"`);
    return encodeURIComponent(value);
  });
}

// Built before the tests are collected: the list of routes decides which tests exist.
const ctx = await createTestContext();
const registered = apiRoutes(ctx.app).map((route) => ({ ...route, key: `${route.method} ${route.url}` }));

describe(`access matrix (${dbKind})`, () => {
  let fixture: MatrixFixture;
  const sessions = new Map<Role, SignedIn>();

  beforeAll(async () => {
    const world = await createScopeWorld(ctx);
    fixture = {
      ...world,
      ctx,
      copyCustomer: async (customer) => {
        const { db } = ctx.database;
        const copy = await createCustomer(ctx, { regionId: customer.regionId, branchId: customer.branchId });
        for (const member of await db.select().from(customerTeam).where(eq(customerTeam.customerId, customer.id))) {
          await addTeamMember(ctx, copy.id, member.userId, member.teamRole);
        }
        for (const link of await db.select().from(customerUsers).where(eq(customerUsers.customerId, customer.id))) {
          await linkCustomerUser(ctx, copy.id, link.userId, link.status, link.roles as CustomerRole[]);
        }
        return copy;
      },
    };
    for (const role of ROLES) sessions.set(role, await signIn(ctx, world.users[role]));
  });

  async function session(role: Role, fresh = false): Promise<SignedIn> {
    return fresh ? signIn(ctx, fixture.users[role]) : sessions.get(role)!;
  }

  /** The shared sessions must survive every route; a route that ends them needs `freshSession`. */
  async function endedSharedSessions(): Promise<Role[]> {
    const ids = [...sessions.values()].map((s) => s.sessionId);
    const live = await ctx.database.db
      .select({ id: sessionsTable.id })
      .from(sessionsTable)
      .where(and(inArray(sessionsTable.id, ids), isNull(sessionsTable.revokedAt)));
    const liveIds = new Set(live.map((row) => row.id));
    const ended = ROLES.filter((role) => !liveIds.has(sessions.get(role)!.sessionId));
    for (const role of ended) sessions.set(role, await signIn(ctx, fixture.users[role]));
    return ended;
  }
  afterAll(async () => {
    await ctx.close();
  });

  it('every route in the table is registered (remove entries of removed routes)', () => {
    const keys = new Set(registered.map((route) => route.key));
    expect(Object.keys(ROUTES).filter((key) => !keys.has(key))).toEqual([]);
  });

  it.each(registered)('$key', async (route) => {
    const entry = ROUTES[route.key];
    if (!entry) {
      expect.fail(`${route.key} has no entry in ROUTES of access-matrix.test.ts: add one (see the comment at the top)`);
    }
    const access = route.access!;
    const mismatches: string[] = [];

    async function check(role: Role | null, customer: CustomerRow, inScope: boolean) {
      const build = async <T,>(part: AccessBuilder<T> | undefined): Promise<T | undefined> =>
        typeof part === 'function' ? (part as (...args: unknown[]) => Built<T>)(fixture, customer, role) : part;
      const params = (await build(entry!.params)) ?? {};
      const query = (await build(entry!.query)) ?? '';
      const body = await build(entry!.body);
      const headers = (await build(entry!.headers)) ?? {};
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: fillPath(route.url, params) + (query ? `?${query}` : ''),
        headers: { ...headers, ...(role ? await session(role, entry!.freshSession) : {}) },
        ...(body === undefined ? {} : { payload: body }),
      });
      const expected = expectedStatus(entry!, access, role, inScope);
      if (!matches(expected, res.statusCode)) {
        const who = role ?? 'no token';
        const where = entry!.scoped ? (customer === fixture.inScope ? ' (in scope)' : ' (out of scope)') : '';
        mismatches.push(`${who}${where}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }

    await check(null, fixture.inScope, true);
    for (const role of ROLES) {
      await check(role, fixture.inScope, true);
      if (entry.scoped) {
        const seesAll = (ALL_CUSTOMER_SCOPE_ROLES as readonly Role[]).includes(role);
        await check(role, fixture.outOfScope, seesAll);
      }
    }
    const ended = await endedSharedSessions();
    if (ended.length) mismatches.push(`ended the shared session of ${ended.join(', ')}: give the entry freshSession: true`);
    expect(mismatches).toEqual([]);
  });
});
