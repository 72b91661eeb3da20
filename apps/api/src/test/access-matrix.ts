/**
 * The access-matrix harness (decision 026): every registered /api route × no token and each of the
 * fifteen roles × a customer in and out of the caller's scope, checked against the route's EXPECTED
 * audience (each module's `testing().audience`, written in the words of test/audience.ts) — never
 * against the route's own `config.access`, which is one of the things under test.
 *
 * Used by domains/access-matrix.test.ts (the matrix) and domains/access-matrix-mutation.test.ts
 * (proof that it fails when a route's key is wrong).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ROLES, isCustomerRole, isStaffRole, rolesFor, type AccessKey, type CustomerRole, type Role } from '@grove/shared';
import { customerTeam, customerUsers, sessions as sessionsTable } from '../db/schema.js';
import { apiRoutes } from '../http/route-registry.js';
import type { AccessBuilder, AccessCase, AccessFixture } from '../modules/domain-module.js';
import { modules } from '../modules/catalog.js';
import { SEES_ALL_CUSTOMERS, SIGNED_IN, type Audience } from './audience.js';
import { addTeamMember, createCustomer, createScopeWorld, linkCustomerUser, signIn, type CustomerRow, type SignedIn } from './factories.js';
import type { TestContext } from './test-app.js';

type Built<T> = T | Promise<T>;

export interface MatrixRoute {
  method: string;
  url: string;
  /** "METHOD /path", the key of cases and audience tables. */
  key: string;
  access: AccessKey | undefined;
}

export interface MatrixTables {
  cases: Record<string, AccessCase>;
  audience: Record<string, Audience>;
}

/** Every module's cases and audience; a route claimed by two modules is a mistake. */
export async function collectTables(): Promise<MatrixTables> {
  const tables: MatrixTables = { cases: {}, audience: {} };
  for (const module of modules()) {
    const testing = await module.testing?.();
    for (const [part, entries] of [
      ['cases', testing?.accessCases ?? {}],
      ['audience', testing?.audience ?? {}],
    ] as const) {
      for (const [key, entry] of Object.entries(entries)) {
        if (key in tables[part]) throw new Error(`access matrix: ${key} has ${part} in two modules (second: ${module.name})`);
        (tables[part] as Record<string, unknown>)[key] = entry;
      }
    }
  }
  return tables;
}

export function registeredRoutes(ctx: TestContext): MatrixRoute[] {
  return apiRoutes(ctx.app).map((route) => ({ ...route, key: `${route.method} ${route.url}` }));
}

/** The roles a key lets past the authentication hook (null: any signed-in user). */
function gateOf(access: AccessKey): readonly Role[] | 'public' {
  const roles = rolesFor(access);
  return roles === null ? SIGNED_IN : roles;
}

/**
 * Whether the route's access key fits its expected audience, without a request:
 * - every role of the audience passes the key (else they would get 403);
 * - a key does not admit a whole side (staff, customer side) the audience has no role of — the
 *   key is the first line of defence, a service check behind it is not a reason to widen it.
 */
export function keyProblems(route: MatrixRoute, audience: Audience): string[] {
  const { access } = route;
  if (!access) return [`${route.key} declares no config.access`];
  const gate = gateOf(access);
  if (audience.who === 'public') return gate === 'public' ? [] : [`${route.key}: expected a public route, its key is '${access}'`];
  if (gate === 'public') return [`${route.key}: key 'public', but the expected audience is ${audience.who.length} roles`];
  const problems: string[] = [];
  const refused = audience.who.filter((role) => !gate.includes(role));
  if (refused.length) problems.push(`${route.key}: key '${access}' refuses ${refused.join(', ')}, who are in its expected audience`);
  for (const [side, isSide] of [
    ['staff', isStaffRole],
    ['customer-side', isCustomerRole],
  ] as const) {
    if (!audience.who.some(isSide) && gate.some(isSide)) problems.push(`${route.key}: key '${access}' admits ${side} roles; its expected audience has none`);
  }
  return problems;
}

type Expected = number | 'allowed' | 'denied';

function expectedStatus(entry: AccessCase, audience: Audience, access: AccessKey, role: Role | null, inScope: boolean): Expected {
  const override = entry.expect?.({ role, inScope, access });
  if (override !== undefined) return override;
  if (audience.who === 'public') return 'allowed';
  if (role === null) return 401;
  const passesKey = (() => {
    const gate = gateOf(access);
    return gate === 'public' || gate.includes(role);
  })();
  // Scope comes before the route's own policy: past the key, an out-of-scope record is 404.
  const outOfScope = audience.scope === 'record' && !inScope;
  if (audience.who.includes(role)) return outOfScope ? 404 : 'allowed';
  if (!passesKey) return 403;
  return outOfScope ? 404 : 'denied';
}

function matches(expected: Expected, status: number): boolean {
  if (expected === 'allowed') return status < 500 && ![401, 403, 404].includes(status);
  if (expected === 'denied') return status === 403 || status === 404;
  return status === expected;
}

function fillPath(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${url}: the params builder gave no "${name}"`);
    return encodeURIComponent(value);
  });
}

/** The scope world plus a signed-in session per role. */
export class Matrix {
  private readonly sessions = new Map<Role, SignedIn>();

  private constructor(
    readonly ctx: TestContext,
    readonly fixture: AccessFixture,
  ) {}

  static async create(ctx: TestContext): Promise<Matrix> {
    const world = await createScopeWorld(ctx);
    const fixture: AccessFixture = {
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
    const matrix = new Matrix(ctx, fixture);
    for (const role of ROLES) matrix.sessions.set(role, await signIn(ctx, world.users[role]));
    return matrix;
  }

  private async session(role: Role, fresh = false): Promise<SignedIn> {
    return fresh ? signIn(this.ctx, this.fixture.users[role]) : this.sessions.get(role)!;
  }

  /** The shared sessions must survive every route; a route that ends them needs `freshSession`. */
  async endedSharedSessions(): Promise<Role[]> {
    const ids = [...this.sessions.values()].map((s) => s.sessionId);
    const live = await this.ctx.database.db
      .select({ id: sessionsTable.id })
      .from(sessionsTable)
      .where(and(inArray(sessionsTable.id, ids), isNull(sessionsTable.revokedAt)));
    const liveIds = new Set(live.map((row) => row.id));
    const ended = ROLES.filter((role) => !liveIds.has(this.sessions.get(role)!.sessionId));
    for (const role of ended) this.sessions.set(role, await signIn(this.ctx, this.fixture.users[role]));
    return ended;
  }

  private async call(route: MatrixRoute, entry: AccessCase, role: Role | null, customer: CustomerRow) {
    const build = async <T>(part: AccessBuilder<T> | undefined): Promise<T | undefined> =>
      typeof part === 'function' ? (part as (...args: unknown[]) => Built<T>)(this.fixture, customer, role) : part;
    const params = (await build(entry.params)) ?? {};
    const query = (await build(entry.query)) ?? '';
    const body = await build(entry.body);
    const headers = (await build(entry.headers)) ?? {};
    const res = await this.ctx.app.inject({
      method: route.method as 'GET',
      url: fillPath(route.url, params) + (query ? `?${query}` : ''),
      headers: { ...headers, ...(role ? await this.session(role, entry.freshSession) : {}) },
      ...(body === undefined ? {} : { payload: body }),
      ...(entry.stream ? { payloadAsStream: true } : {}),
    });
    if (!entry.stream) return { statusCode: res.statusCode, body: res.body };
    // A stream stays open: its status is the answer, and it is dropped at once.
    res.stream().destroy();
    return { statusCode: res.statusCode, body: '' };
  }

  /** Every role (and no token) against the expected audience; the mismatches, empty when all is well. */
  async checkRoute(route: MatrixRoute, entry: AccessCase, audience: Audience): Promise<string[]> {
    const mismatches: string[] = [];
    const { inScope, outOfScope } = this.fixture;
    const check = async (role: Role | null, customer: CustomerRow, isInScope: boolean) => {
      const res = await this.call(route, entry, role, customer);
      const expected = expectedStatus(entry, audience, route.access!, role, isInScope);
      if (!matches(expected, res.statusCode)) {
        const where = audience.scope === 'record' ? (customer === inScope ? ' (in scope)' : ' (out of scope)') : '';
        mismatches.push(`${role ?? 'no token'}${where}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    };
    await check(null, inScope, true);
    for (const role of ROLES) {
      await check(role, inScope, true);
      if (audience.scope === 'record') await check(role, outOfScope, SEES_ALL_CUSTOMERS.includes(role));
    }
    const ended = await this.endedSharedSessions();
    if (ended.length) mismatches.push(`ended the shared session of ${ended.join(', ')}: give the entry freshSession: true`);
    return mismatches;
  }

  /**
   * A list, export or count across customers: the answer of every role of the audience before and
   * after `listProbe` adds a record of the out-of-scope customer (only the staff who see every
   * customer may find it) and then one of the in-scope customer (everyone in `listedFor`, by default
   * the whole audience, finds it).
   */
  async checkListScope(route: MatrixRoute, entry: AccessCase, audience: Audience): Promise<string[]> {
    if (audience.who === 'public') return [`${route.key}: a public list cannot be scoped`];
    if (!entry.listProbe) return [`${route.key}: scope 'list' needs a listProbe in its access case`];
    const roles = audience.who;
    const { inScope, outOfScope } = this.fixture;
    const answers = async () => {
      const bodies = new Map<Role, string>();
      for (const role of roles) {
        const res = await this.call(route, entry, role, inScope);
        bodies.set(role, `${res.statusCode} ${res.body}`);
      }
      return bodies;
    };
    const problems: string[] = [];
    const before = await answers();
    for (const [role, body] of before) if (!body.startsWith('2')) problems.push(`${role}: the list answered ${body.slice(0, 160)}`);
    if (problems.length) return problems;

    await entry.listProbe(this.fixture, outOfScope);
    const afterOut = await answers();
    const seeAll = roles.filter((role) => SEES_ALL_CUSTOMERS.includes(role));
    for (const role of roles) {
      if (seeAll.includes(role)) continue;
      if (afterOut.get(role) !== before.get(role)) problems.push(`${role}: the answer changed when a record of a customer outside their scope was added`);
    }
    if (seeAll.length && seeAll.every((role) => afterOut.get(role) === before.get(role))) {
      problems.push(`listProbe added nothing ${seeAll.join('/')} can see: the probe proves nothing`);
    }

    await entry.listProbe(this.fixture, inScope);
    const afterIn = await answers();
    for (const role of audience.listedFor ?? roles) {
      if (afterIn.get(role) === afterOut.get(role)) problems.push(`${role}: a new record of a customer in their scope is not in the answer`);
    }
    return problems;
  }
}
