/**
 * Proof that the access matrix can fail (issue 8 §3, decision 026): the app is built with wrong
 * access keys (createTestContext's `accessOverrides`, which changes a route's `config.access`
 * before it is registered) and the matrix's own checks are run on those routes.
 *
 * - `GET /api/Employees/:id` opened to 'authenticated': the mistake of the outside review, which
 *   made staff phone numbers readable by residents while all API tests stayed green. Both the key
 *   check and the requests fail.
 * - `POST /api/Regions` opened to 'authenticated': the service still refuses everyone but the
 *   System Admin, so every answer is right — the key check fails all the same.
 * - A list that does not filter by customer scope (the company-wide employee directory, probed
 *   as if it were a customer list): the list-scope check fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Matrix, collectTables, keyProblems, registeredRoutes, type MatrixRoute } from '../test/access-matrix.js';
import { STAFF } from '../test/audience.js';
import { createUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-app.js';

const WRONG_KEYS = { 'GET /api/Employees/:id': 'authenticated', 'POST /api/Regions': 'authenticated' } as const;

describe('the access matrix fails on a wrong key or a missing scope filter', () => {
  let ctx: TestContext;
  let matrix: Matrix;
  let routes: Map<string, MatrixRoute>;
  const tables = collectTables();

  beforeAll(async () => {
    ctx = await createTestContext({}, { accessOverrides: WRONG_KEYS });
    routes = new Map(registeredRoutes(ctx).map((route) => [route.key, route]));
    matrix = await Matrix.create(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('the overrides took effect (the app really has the wrong keys)', () => {
    expect(routes.get('GET /api/Employees/:id')?.access).toBe('authenticated');
    expect(routes.get('POST /api/Regions')?.access).toBe('authenticated');
  });

  it('GET /api/Employees/:id open to everyone: the key check and the customer-side requests fail', async () => {
    const { cases, audience } = await tables;
    const route = routes.get('GET /api/Employees/:id')!;
    expect(keyProblems(route, audience[route.key]!)).toEqual([`${route.key}: key 'authenticated' admits customer-side roles; its expected audience has none`]);
    const mismatches = await matrix.checkRoute(route, cases[route.key]!, audience[route.key]!);
    // Every customer-side role reads a staff member's record.
    expect(mismatches.map((line) => line.split(':')[0])).toEqual(['Property Manager', 'Board Member', 'Resident', 'Tenant/Resident', 'Tenant/Resident - Neighborhood', 'Landscape Committee']);
    expect(mismatches[0]).toMatch(/expected denied, got 200/);
  });

  it('POST /api/Regions open to everyone: the answers stay right (the service refuses), the key check still fails', async () => {
    const { cases, audience } = await tables;
    const route = routes.get('POST /api/Regions')!;
    expect(await matrix.checkRoute(route, cases[route.key]!, audience[route.key]!)).toEqual([]);
    expect(keyProblems(route, audience[route.key]!)).toContain(`${route.key}: key 'authenticated' admits customer-side roles; its expected audience has none`);
  });

  it('a list without a customer-scope filter fails the list-scope check', async () => {
    const route = routes.get('GET /api/Employees')!;
    const problems = await matrix.checkListScope(
      route,
      {
        query: 'pageSize=100',
        // A new staff member in the out-of-scope customer's region: a directory shows them to everyone.
        listProbe: (f, customer) => createUser(f.ctx, { roles: ['Crew Leader'], regionId: customer.regionId, branchId: customer.branchId }),
      },
      { who: STAFF, scope: 'list' },
    );
    expect(problems).toContain('Regional Director: the answer changed when a record of a customer outside their scope was added');
    expect(problems).toContain('Crew Leader: the answer changed when a record of a customer outside their scope was added');
  });
});
