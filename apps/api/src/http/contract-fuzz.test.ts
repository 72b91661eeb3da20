import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, type Role } from '@grove/shared';
import { customerZones, regions } from '../db/schema.js';
import { ensureReferenceData } from '../domains/service-request-types/defaults.js';
import { createScopeWorld, signIn, type ScopeWorld } from '../test/factories.js';
import { createServiceRequest } from '../domains/service-requests/test-factories.js';
import { hostile, hostileText, type JsonSchema } from '../test/fuzz-arbitraries.js';
import { createTestContext, dbKind, type TestContext } from '../test/test-app.js';

/*
 * Contract fuzzing (issue 9): every route of the OpenAPI document gets generated path parameters,
 * query strings and bodies — fitting ones and hostile ones (wrong types, missing and extra fields,
 * empty, huge, control characters, unicode) — as three roles. Whatever is sent, the API never
 * answers 5xx, and every 4xx has the one error shape `{ message, errors? }`.
 *
 * Fixed seed and a small budget here (FUZZ_SEED, FUZZ_RUNS); `npm run bench:fuzz` runs a bigger one.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20260923);
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const ROLES: Role[] = ['System Admin', 'Property Manager', 'Resident'];
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  method: (typeof METHODS)[number];
  path: string;
  pathParams: { name: string; schema?: JsonSchema }[];
  queryParams: { name: string; schema?: JsonSchema }[];
  body?: JsonSchema;
}

interface OpenApi {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], { parameters?: { in: string; name: string; schema?: JsonSchema }[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>>;
}

const ctx: TestContext = await createTestContext();
await ctx.app.ready();
const document = (ctx.app as unknown as { swagger(): OpenApi }).swagger();
const operations: Operation[] = Object.entries(document.paths)
  .filter(([path]) => path.startsWith('/api/'))
  .flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = item[method];
      if (!op) return [];
      const parameters = op.parameters ?? [];
      return [
        {
          method,
          path,
          pathParams: parameters.filter((p) => p.in === 'path').map(({ name, schema }) => ({ name, ...(schema ? { schema } : {}) })),
          queryParams: parameters.filter((p) => p.in === 'query').map(({ name, schema }) => ({ name, ...(schema ? { schema } : {}) })),
          ...(op.requestBody?.content?.['application/json']?.schema ? { body: op.requestBody.content['application/json'].schema } : {}),
        },
      ];
    }),
  );

describe(`contract fuzz: every route, three roles (${dbKind}, seed ${SEED}, ${RUNS} runs)`, () => {
  let world: ScopeWorld;
  let pool: string[];
  beforeAll(async () => {
    await ensureReferenceData(ctx.database.db);
    world = await createScopeWorld(ctx);
    const request = await createServiceRequest(ctx, { customerId: world.inScope.id });
    const [zone] = await ctx.database.db
      .insert(customerZones)
      .values({ customerId: world.inScope.id, name: 'Fuzz lawn', kind: 'turf', color: '#2f9e44', geometry: { type: 'Polygon', coordinates: [[[-84.5, 33.9], [-84.499, 33.9], [-84.499, 33.901], [-84.5, 33.9]]] }, areaSqM: 100 })
      .returning();
    const [region] = await ctx.database.db.select({ id: regions.id }).from(regions).limit(1);
    // Real ids, so that some generated requests reach real records (never the fuzzing users themselves).
    pool = [
      world.inScope.id,
      world.outOfScope.id,
      request.id,
      zone!.id,
      region!.id,
      world.branchA.id,
      world.users['Crew Leader'].id,
      world.users['Board Member'].id,
      world.users['Tenant/Resident'].id,
    ];
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('found the routes of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  for (const operation of operations) {
    it(`${operation.method.toUpperCase()} ${operation.path}`, async () => {
      const pathArb = fc.record(Object.fromEntries(operation.pathParams.map((p) => [p.name, hostileText(p.schema, pool)])));
      const queryArb = fc.tuple(
        fc.subarray(operation.queryParams),
        fc.array(fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 })), { maxLength: 2 }),
      );
      const request = fc.record({
        role: fc.constantFrom(...ROLES),
        params: pathArb,
        query: queryArb.chain(([known, extra]) =>
          fc.tuple(...known.map((p) => hostileText(p.schema, pool).map((value) => [p.name, value] as [string, string]))).map((pairs) => [...pairs, ...extra]),
        ),
        body: operation.method === 'get' || operation.method === 'delete' ? fc.constant(undefined) : hostile(operation.body, pool),
        idempotencyKey: fc.option(fc.string({ unit: fc.constantFrom(...'abcXYZ019-_.~!'), minLength: 0, maxLength: 300 }), { nil: undefined }),
      });

      await fc.assert(
        fc.asyncProperty(request, async ({ role, params, query, body, idempotencyKey }) => {
          const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
          const search = new URLSearchParams(query).toString();
          const headers: Record<string, string> = { ...(await signIn(ctx, world.users[role])) };
          if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
          const res = await ctx.app.inject({
            method: operation.method.toUpperCase() as 'GET',
            url: search ? `${url}?${search}` : url,
            headers,
            ...(body !== undefined ? { payload: JSON.stringify(body), headers: { ...headers, 'content-type': 'application/json' } } : {}),
          });
          const what = `${role} ${operation.method.toUpperCase()} ${url}${search ? `?${search}` : ''} ${body === undefined ? '' : JSON.stringify(body).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(errorResponseSchema.safeParse(res.json()).success, what).toBe(true);
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    }, 120_000);
  }
});
