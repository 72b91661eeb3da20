/**
 * The access matrix (issue 2, issue 8 §3, decision 026): every registered /api route × no token and
 * each of the fifteen roles × a customer in and out of the caller's scope, checked against the
 * route's EXPECTED audience — each module's `testing().audience`, written by hand from spec §6 in
 * the words of test/audience.ts — not against the route's own `config.access`:
 *   - no token → 401 (public routes: anything but 401/403);
 *   - a role of the audience → allowed (not 401/403/404, never a 5xx); out of scope → 404;
 *   - any other role → 403 (404 past the key: records they may not know of);
 *   - the key itself must fit the audience (test/access-matrix.ts keyProblems);
 *   - lists and exports (`scope: 'list'`) show a caller only records of customers in their scope.
 * access-matrix-mutation.test.ts shows the matrix fails when one route's key is wrong.
 *
 * ADDING AN ENDPOINT: add its "METHOD /path" to your module's testing: an `audience` entry (who,
 * scope) and an `accessCases` entry (how to call it; `listProbe` for lists). A route without both
 * fails. Mutating cases build a fresh record per request (the request really runs for every role).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS, ROUTE_ACCESS } from '@grove/shared';
import { Matrix, collectTables, keyProblems, registeredRoutes } from '../test/access-matrix.js';
import { CREW_LEADER, CUSTOMER_MESSAGES, CUSTOMER_SIDE, PLAN_TEMPLATE_ROLES, SIGNED_IN, STAFF } from '../test/audience.js';
import { createTestContext, dbKind } from '../test/test-app.js';

const { cases, audience } = await collectTables();
// Built before the tests are collected: the list of routes decides which tests exist.
const ctx = await createTestContext();
const registered = registeredRoutes(ctx);
/** About 30 requests per route, some building a customer each: slow on a loaded machine. */
const ROUTE_TIMEOUT = 120_000;
const lists = registered.filter((route) => audience[route.key]?.scope === 'list');

describe('spec §6 in @grove/shared says what the spec says', () => {
  it('the access keys name the roles of spec §6', () => {
    expect([...ACCESS.staff].sort()).toEqual([...STAFF].sort());
    expect([...ACCESS.customer].sort()).toEqual([...CUSTOMER_SIDE].sort());
    expect([...ACCESS.crewLeader]).toEqual(CREW_LEADER);
    expect([...ACCESS.planTemplates].sort()).toEqual([...PLAN_TEMPLATE_ROLES].sort());
    expect([...ACCESS.customerMessages].sort()).toEqual([...CUSTOMER_MESSAGES].sort());
    expect([...ACCESS.messages].sort()).toEqual([...STAFF, ...CUSTOMER_MESSAGES].sort());
    expect(ACCESS.authenticated).toBeNull();
    expect(ACCESS.public).toBe('public');
    expect(SIGNED_IN).toHaveLength(15);
  });

  it('each screen of spec §2 has the audience spec §6 gives it', () => {
    const publicPaths = ['/login', '/forgotPassword', '/resetPassword', '/resident-user-validation', '/404', '/error/:code'];
    const expected = (path: string): string => {
      if (publicPaths.includes(path)) return 'public';
      if (path === '/customers/redirectToCustomer/:customerId') return 'authenticated';
      if (path === '/create-orange-report') return 'crewLeader';
      if (/^\/planTemplates(\/|$)/.test(path)) return 'planTemplates';
      if (/^\/customerView\/:customerId\/messages(\/|$)/.test(path)) return 'customerMessages';
      if (path.startsWith('/customerView')) return 'customer';
      return 'staff';
    };
    expect(ROUTE_ACCESS.filter((route) => route.access !== expected(route.path)).map((route) => `${route.path}: ${route.access}`)).toEqual([]);
  });
});

describe(`access matrix (${dbKind})`, () => {
  let matrix: Matrix;

  beforeAll(async () => {
    matrix = await Matrix.create(ctx);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('every route has an expected audience and an access case; every entry is a registered route', () => {
    const keys = new Set(registered.map((route) => route.key));
    expect(registered.filter((route) => !audience[route.key]).map((route) => `${route.key}: no audience entry`)).toEqual([]);
    expect(registered.filter((route) => !cases[route.key]).map((route) => `${route.key}: no access case`)).toEqual([]);
    expect([...Object.keys(audience), ...Object.keys(cases)].filter((key) => !keys.has(key))).toEqual([]);
  });

  it('every route\'s access key fits its expected audience', () => {
    expect(registered.filter((route) => audience[route.key]).flatMap((route) => keyProblems(route, audience[route.key]!))).toEqual([]);
  });

  // Before the per-route requests, so the lists are still short (one page).
  it.each(lists)(
    'list scope: $key',
    async (route) => {
      expect(await matrix.checkListScope(route, cases[route.key] ?? {}, audience[route.key]!)).toEqual([]);
    },
    ROUTE_TIMEOUT,
  );

  it.each(registered)(
    '$key',
    async (route) => {
      const entry = cases[route.key];
      const expected = audience[route.key];
      if (!entry || !expected) expect.fail(`${route.key} needs an audience entry and an access case in its module's testing`);
      expect(await matrix.checkRoute(route, entry, expected)).toEqual([]);
    },
    ROUTE_TIMEOUT,
  );
});
