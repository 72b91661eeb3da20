import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES, type CustomerTeamMember, type Role } from '@grove/shared';
import { auditLog } from '../../db/schema.js';
import { createScopeWorld, createUser, signIn, type ScopeWorld, type SignedIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';

describe(`customer team – addYnMember (${dbKind})`, () => {
  let ctx: TestContext;
  let world: ScopeWorld;
  const as = {} as Record<Role, SignedIn>;

  beforeAll(async () => {
    ctx = await createTestContext();
    world = await createScopeWorld(ctx);
    for (const [role, user] of Object.entries(world.users)) as[role as Role] = await signIn(ctx, user);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const team = (customerId = world.inScope.id) => `/api/Customers/${customerId}/team`;

  it('puts a staff member on the team, which brings the customer into their scope; removing takes it away', async () => {
    const newcomer = await createUser(ctx, { roles: ['Crew Leader'], firstName: 'Nia', lastName: 'Okafor' });
    const newcomerSession = await signIn(ctx, newcomer);
    const sees = async () => (await ctx.app.inject({ method: 'GET', url: `/api/Customers/${world.inScope.id}`, headers: newcomerSession })).statusCode;
    expect(await sees()).toBe(404);

    const added = await ctx.app.inject({ method: 'POST', url: team(), headers: as['Account Manager'], payload: { userId: newcomer.id, teamRole: 'Irrigation Technician' } });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<{ data: CustomerTeamMember[] }>().data).toContainEqual(expect.objectContaining({ userId: newcomer.id, name: 'Nia Okafor', teamRole: 'Irrigation Technician' }));
    expect(await sees()).toBe(200);

    // Adding again changes the team role.
    const changed = await ctx.app.inject({ method: 'POST', url: team(), headers: as['Branch Manager'], payload: { userId: newcomer.id, teamRole: 'Crew Leader' } });
    expect(changed.json<{ data: CustomerTeamMember[] }>().data.filter((m) => m.userId === newcomer.id).map((m) => m.teamRole)).toEqual(['Crew Leader']);

    const removed = await ctx.app.inject({ method: 'DELETE', url: `${team()}/${newcomer.id}`, headers: as['System Admin'] });
    expect(removed.statusCode).toBe(204);
    expect(await sees()).toBe(404);
    const audits = await ctx.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.subjectUserId, newcomer.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['customer.team_member_added', 'customer.team_member_added', 'customer.team_member_removed']);
  });

  it('adds only active staff (400 on userId) with a known team role', async () => {
    const inactive = await createUser(ctx, { roles: ['Crew Leader'], active: false });
    for (const userId of [world.users.Resident.id, inactive.id, crypto.randomUUID()]) {
      const res = await ctx.app.inject({ method: 'POST', url: team(), headers: as['System Admin'], payload: { userId, teamRole: 'Crew Leader' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: { userId: [VALIDATION_MESSAGES.invalid] } });
    }
    const badRole = await ctx.app.inject({ method: 'POST', url: team(), headers: as['System Admin'], payload: { userId: world.users['Crew Leader'].id, teamRole: 'Boss' } });
    expect(badRole.json()).toMatchObject({ errors: { teamRole: [VALIDATION_MESSAGES.invalid] } });
  });

  it('lets staff in scope read the team, editors and the account manager change it; others 403 / 404', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: team(), headers: as['Crew Leader'] })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: team(), headers: as['Property Manager'] })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: team(world.outOfScope.id), headers: as['Branch Manager'] })).statusCode).toBe(404);
    const payload = { userId: world.users['Business Development'].id, teamRole: 'Business Development' };
    expect((await ctx.app.inject({ method: 'POST', url: team(), headers: as['Crew Leader'], payload })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: team(world.outOfScope.id), headers: as['Account Manager'], payload })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${team()}/${crypto.randomUUID()}`, headers: as['System Admin'] })).statusCode).toBe(404);
  });
});
