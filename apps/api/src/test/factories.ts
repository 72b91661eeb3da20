/**
 * Test data of the core records (regions, branches, users, customers, sessions, the scope world).
 * Each factory takes a test context (or a Db) and fills in sensible, unique defaults, so a test only
 * states what matters to it. A domain's own records have their factories in its folder
 * (`domains/<name>/test-factories.ts`), built on `dbOf` and `nextTestNumber` from here.
 */
import { eq } from 'drizzle-orm';
import { ROLES, TEAM_SCOPE_ROLES, isCustomerRole, isStaffRole, type CustomerRole, type CustomerTeamRole, type Role } from '@grove/shared';
import type { Db } from '../db/client.js';
import { branches, customerTeam, customerUsers, customers, regions, users, type CustomerUserStatus } from '../db/schema.js';
import { createSession } from '../domains/auth/sessions.js';
import { FINGERPRINT_COOKIE } from '../domains/auth/tokens.js';
import { hashPassword } from '../domains/auth/passwords.js';
import type { TestContext } from './test-app.js';

export type DbOrContext = Db | Pick<TestContext, 'database'>;

export function dbOf(target: DbOrContext): Db {
  return 'database' in target ? target.database.db : target;
}

let sequence = 0;
/** Unique per process; each test file has its own database, so this is enough. */
function next(): number {
  return ++sequence;
}
export { next as nextTestNumber };

/** Password of every factory user unless a test gives its own. */
export const TEST_PASSWORD = 'Maple-Lantern-Orbit-42';
let testPasswordHash: Promise<string> | undefined;

/** argon2id is slow on purpose: hash the shared test password once per process. */
function passwordHash(password: string): Promise<string> {
  if (password !== TEST_PASSWORD) return hashPassword(password);
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  return testPasswordHash;
}

export type RegionRow = typeof regions.$inferSelect;
export type BranchRow = typeof branches.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
/** A created user plus the plain password it signs in with. */
export type TestUser = UserRow & { password: string };

export async function createRegion(target: DbOrContext, values: Partial<typeof regions.$inferInsert> = {}): Promise<RegionRow> {
  const [row] = await dbOf(target)
    .insert(regions)
    .values({ name: `Region ${next()}`, ...values })
    .returning();
  return row!;
}

/** A branch; without a region id a new region is created for it. */
export async function createBranch(
  target: DbOrContext,
  values: Partial<typeof branches.$inferInsert> = {},
): Promise<BranchRow> {
  const regionId = values.regionId ?? (await createRegion(target)).id;
  const [row] = await dbOf(target)
    .insert(branches)
    .values({ name: `Branch ${next()}`, timeZone: 'America/New_York', ...values, regionId })
    .returning();
  return row!;
}

export interface CreateUserOptions extends Partial<Omit<typeof users.$inferInsert, 'passwordHash'>> {
  roles: Role[];
  /** Plain password; defaults to TEST_PASSWORD (whose hash is computed once). `null`: no password (invited). */
  password?: string | null;
}

export async function createUser(target: DbOrContext, options: CreateUserOptions): Promise<TestUser> {
  const { password = TEST_PASSWORD, ...values } = options;
  const n = next();
  const email = (values.email ?? `user${n}@test.grove.test`).toLowerCase();
  const [row] = await dbOf(target)
    .insert(users)
    .values({
      firstName: 'Test',
      lastName: `User ${n}`,
      ...values,
      email,
      username: values.username ?? email,
      passwordHash: password === null ? null : await passwordHash(password),
    })
    .returning();
  return { ...row!, password: password ?? '' };
}

/** A customer; without region/branch ids a branch (and region) is created, or the branch's region is used. */
export async function createCustomer(
  target: DbOrContext,
  values: Partial<typeof customers.$inferInsert> = {},
): Promise<CustomerRow> {
  const db = dbOf(target);
  let { regionId, branchId } = values;
  if (!branchId) {
    const branch = await createBranch(target, regionId ? { regionId } : {});
    branchId = branch.id;
    regionId = branch.regionId;
  } else if (!regionId) {
    const [branch] = await db.select({ regionId: branches.regionId }).from(branches).where(eq(branches.id, branchId));
    regionId = branch!.regionId;
  }
  const n = next();
  const [row] = await db
    .insert(customers)
    .values({
      name: `Customer ${n}`,
      accountNumber: `T-${String(n).padStart(5, '0')}`,
      addressLine1: `${n} Test Street`,
      city: 'Testville',
      state: 'GA',
      postalCode: '30000',
      ...values,
      regionId,
      branchId,
    })
    .returning();
  return row!;
}

/** Puts a staff member on a customer's team (what scopes Account Managers, Crew Leaders, Business Development). */
export async function addTeamMember(target: DbOrContext, customerId: string, userId: string, teamRole: CustomerTeamRole = 'Account Manager') {
  await dbOf(target).insert(customerTeam).values({ customerId, userId, teamRole });
}

/**
 * Links a customer-side user to a customer (status `active` unless given). The link's roles (the
 * user's roles at this customer) default to the customer-side roles of the user's account.
 */
export async function linkCustomerUser(target: DbOrContext, customerId: string, userId: string, status: CustomerUserStatus = 'active', roles?: CustomerRole[]) {
  const db = dbOf(target);
  const linkRoles = roles ?? ((await db.select({ roles: users.roles }).from(users).where(eq(users.id, userId)))[0]?.roles ?? []).filter(isCustomerRole);
  await db.insert(customerUsers).values({ customerId, userId, status, roles: linkRoles });
}

/**
 * Request headers of a signed-in user, made with a real server-side session (no login call):
 * spread it as `headers`. `token`, `sessionId` and `fingerprint` are there too but not enumerable,
 * so they never travel as headers.
 */
// A type alias, not an interface: it must be assignable to inject's header record.
export type SignedIn = {
  authorization: string;
  cookie: string;
  readonly token: string;
  readonly sessionId: string;
  readonly fingerprint: string;
};

export async function signIn(ctx: Pick<TestContext, 'database' | 'config'>, user: { id: string }): Promise<SignedIn> {
  const session = await createSession(ctx.database.db, ctx.config, user.id);
  const headers = { authorization: `Bearer ${session.token}`, cookie: `${FINGERPRINT_COOKIE}=${session.fingerprint}` };
  return Object.defineProperties(headers, {
    token: { value: session.token, enumerable: false },
    sessionId: { value: session.sessionId, enumerable: false },
    fingerprint: { value: session.fingerprint, enumerable: false },
  }) as SignedIn;
}

/**
 * A small world for scope tests: customer `inScope` (region A, branch A) and `outOfScope`
 * (region B, branch B), and one user per role who sees `inScope` through their own rule: staff by
 * region/branch/team, customer-side users by an active link. Only the all-customers roles (System
 * Admin, Executive, Executive Team) also see `outOfScope`.
 */
export interface ScopeWorld {
  regionA: RegionRow;
  regionB: RegionRow;
  branchA: BranchRow;
  branchB: BranchRow;
  inScope: CustomerRow;
  outOfScope: CustomerRow;
  users: Record<Role, TestUser>;
}

export async function createScopeWorld(target: DbOrContext): Promise<ScopeWorld> {
  const regionA = await createRegion(target);
  const regionB = await createRegion(target);
  const branchA = await createBranch(target, { regionId: regionA.id });
  const branchB = await createBranch(target, { regionId: regionB.id });
  const inScope = await createCustomer(target, { branchId: branchA.id, regionId: regionA.id });
  const outOfScope = await createCustomer(target, { branchId: branchB.id, regionId: regionB.id });
  const entries: [Role, TestUser][] = [];
  for (const role of ROLES) {
    const user = await createUser(target, {
      roles: [role],
      regionId: isStaffRole(role) ? regionA.id : null,
      branchId: isStaffRole(role) ? branchA.id : null,
      firstName: role,
      lastName: 'Tester',
    });
    if ((TEAM_SCOPE_ROLES as readonly Role[]).includes(role)) await addTeamMember(target, inScope.id, user.id, role as CustomerTeamRole);
    if (isCustomerRole(role)) await linkCustomerUser(target, inScope.id, user.id);
    entries.push([role, user]);
  }
  return { regionA, regionB, branchA, branchB, inScope, outOfScope, users: Object.fromEntries(entries) as Record<Role, TestUser> };
}
