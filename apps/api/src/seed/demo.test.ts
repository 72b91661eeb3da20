import { and, asc, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_ROLES, ROLES, STAFF_ROLES, parseRoles, type Role } from '@grove/shared';
import { branches, customerSettings, customerTeam, customerUsers, customerZones, customers, regions, users } from '../db/schema.js';
import { verifyPassword } from '../domains/auth/passwords.js';
import { customerScopeCondition } from '../domains/scope/customer-scope.js';
import { createUser } from '../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../test/test-app.js';
import { DEMO_REGISTRATION_CODES, demoEmail, seedDemoData } from './demo.js';

const PASSWORD = 'Demo-Test-Password-1';

describe(`demo data (${dbKind})`, () => {
  let ctx: TestContext;
  let seeded: boolean;

  beforeAll(async () => {
    ctx = await createTestContext();
    seeded = await seedDemoData(ctx.database.db, { password: PASSWORD, log: ctx.app.log });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const db = () => ctx.database.db;
  async function demoUser(role: Role) {
    const [user] = await db().select().from(users).where(eq(users.email, demoEmail(role)));
    if (!user) throw new Error(`no demo user for ${role}`);
    return user;
  }
  async function visibleTo(role: Role) {
    const user = await demoUser(role);
    return db()
      .select({ name: customers.name })
      .from(customers)
      .where(customerScopeCondition({ id: user.id, roles: parseRoles(user.roles), regionId: user.regionId, branchId: user.branchId }));
  }

  it('seeds an empty database once, and never a database that has users', async () => {
    expect(seeded).toBe(true);
    expect(await seedDemoData(db(), { password: PASSWORD, log: ctx.app.log })).toBe(false);
    const [{ n } = { n: 0 }] = await db().select({ n: count() }).from(customers);
    expect(n).toBeGreaterThanOrEqual(30);

    const other = await createTestContext();
    try {
      await createUser(other, { roles: ['System Admin'] });
      expect(await seedDemoData(other.database.db, { password: PASSWORD, log: other.app.log })).toBe(false);
      expect((await other.database.db.select({ n: count() }).from(customers))[0]?.n).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('has 2 regions and 4 branches with time zones', async () => {
    expect(await db().select({ n: count() }).from(regions)).toEqual([{ n: 2 }]);
    const rows = await db().select({ name: branches.name, timeZone: branches.timeZone }).from(branches).orderBy(asc(branches.name));
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row.timeZone).toMatch(/^America\//);
  });

  it.each(ROLES)('has a demo user for %s who signs in with the demo password', async (role) => {
    const user = await demoUser(role);
    expect(user.roles).toEqual([role]);
    expect(user.username).toBe(demoEmail(role));
    expect(user.active).toBe(true);
    expect(user.firstName && user.lastName && user.phone && user.title).toBeTruthy();
    expect(await verifyPassword(user.passwordHash, PASSWORD)).toBe(true);
  });

  it('gives every scoped demo user customers in scope, and none sees everything but the all-customer roles', async () => {
    const [{ n: total } = { n: 0 }] = await db().select({ n: count() }).from(customers);
    for (const role of ROLES) {
      const seen = (await visibleTo(role)).length;
      expect(seen, role).toBeGreaterThan(0);
      if (!['System Admin', 'Executive', 'Executive Team'].includes(role)) expect(seen, role).toBeLessThan(total);
    }
    expect(await visibleTo('Property Manager')).toHaveLength(2);
  });

  it('puts the team-scoped demo users on teams', async () => {
    for (const role of ['Account Manager', 'Crew Leader', 'Business Development'] as Role[]) {
      const user = await demoUser(role);
      const [{ n } = { n: 0 }] = await db().select({ n: count() }).from(customerTeam).where(eq(customerTeam.userId, user.id));
      expect(n, role).toBeGreaterThan(0);
    }
  });

  it('has staff in every staff role, customer users in every customer role, several roles and several customers', async () => {
    const all = await db().select({ id: users.id, roles: users.roles, branchId: users.branchId }).from(users);
    const held = new Set(all.flatMap((user) => user.roles));
    for (const role of [...STAFF_ROLES, ...CUSTOMER_ROLES]) expect(held.has(role), role).toBe(true);
    const customerSide = all.filter((user) => user.roles.some((role) => (CUSTOMER_ROLES as readonly string[]).includes(role)));
    expect(customerSide.some((user) => user.roles.length > 1)).toBe(true);
    expect(all.some((user) => user.roles.length > 1 && user.roles.includes('Branch Manager'))).toBe(true);

    const links = await db()
      .select({ userId: customerUsers.userId, n: count() })
      .from(customerUsers)
      .where(inArray(customerUsers.userId, customerSide.map((user) => user.id)))
      .groupBy(customerUsers.userId);
    expect(links).toHaveLength(customerSide.length);
    expect(links.filter((link) => link.n > 1).length).toBeGreaterThanOrEqual(2);
  });

  it('seeds portal access: per-customer roles, registration codes, zones with areas, invited and pending users', async () => {
    const links = await db().select({ roles: customerUsers.roles, status: customerUsers.status, userRoles: users.roles }).from(customerUsers).innerJoin(users, eq(users.id, customerUsers.userId));
    for (const link of links) {
      expect(link.roles.length, 'every link has roles').toBeGreaterThan(0);
      for (const role of link.roles) expect(link.userRoles).toContain(role);
    }
    expect(links.filter((link) => link.status === 'pending_approval')).toHaveLength(2);
    const settings = await db().select().from(customerSettings);
    expect(settings.map((row) => row.registrationCode).sort()).toEqual(Object.values(DEMO_REGISTRATION_CODES).sort());
    const zones = await db().select().from(customerZones);
    expect(zones.length).toBeGreaterThanOrEqual(5);
    for (const zone of zones) expect(zone.areaSqM, zone.name).toBeGreaterThan(100);
    const invited = await db().select().from(users).where(and(isNull(users.passwordHash), eq(users.active, true)));
    expect(invited.length).toBeGreaterThanOrEqual(2);
  });

  it('gives customers varied types and statuses, coordinates and account managers', async () => {
    const rows = await db().select().from(customers);
    expect(new Set(rows.map((row) => row.type)).size).toBe(6);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['active', 'prospect', 'inactive']));
    for (const row of rows) {
      expect(row.latitude, row.name).toBeTypeOf('number');
      expect(row.longitude, row.name).toBeTypeOf('number');
      expect(row.addressLine1 && row.city && row.state && row.postalCode).toBeTruthy();
    }
    const managed = await db().select({ n: count() }).from(customers).where(and(isNotNull(customers.accountManagerId), eq(customers.status, 'active')));
    expect(managed[0]?.n).toBe(rows.filter((row) => row.status === 'active').length);
  });
});
