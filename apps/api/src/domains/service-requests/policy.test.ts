import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRoles } from '@grove/shared';
import { createScopeWorld, type ScopeWorld, type TestUser } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { can } from './policy.js';
import { bulkAssign } from './service.js';
import { createServiceRequest } from './test-factories.js';

const caller = (user: TestUser) => ({ id: user.id, roles: parseRoles(user.roles), regionId: user.regionId, branchId: user.branchId });
const open = { status: 'new' as const, requesterId: null, completedAt: null };

describe('one policy for every entry point of service requests (issue 8 §3)', () => {
  it('can(): staff may assign an open request; not a closed one (409); customer users never (403)', () => {
    expect(can({ id: 's', roles: ['Crew Leader'] }, open, 'assign')).toEqual({ allowed: true });
    expect(can({ id: 's', roles: ['Crew Leader'] }, { ...open, status: 'closed' }, 'assign')).toMatchObject({ allowed: false, status: 409 });
    expect(can({ id: 'c', roles: ['Property Manager'] }, open, 'assign')).toMatchObject({ allowed: false, status: 403 });
  });

  describe(`bulk assignment asks the same policy (${dbKind})`, () => {
    let ctx: TestContext;
    let world: ScopeWorld;
    beforeAll(async () => {
      ctx = await createTestContext();
      world = await createScopeWorld(ctx);
    });
    afterAll(async () => {
      await ctx.close();
    });

    it('a caller the policy refuses gets 403 and nothing changes, even behind a wider route key', async () => {
      const request = await createServiceRequest(ctx, { customerId: world.inScope.id });
      const manager = world.users['Property Manager'];
      await expect(bulkAssign({ db: ctx.database.db }, caller(manager), { ids: [request.id], assigneeId: null })).rejects.toMatchObject({ statusCode: 403 });
    });

    it('staff: open requests are assigned, closed ones skipped as not open', async () => {
      const crewLeader = world.users['Crew Leader'];
      const openOne = await createServiceRequest(ctx, { customerId: world.inScope.id });
      const closed = await createServiceRequest(ctx, { customerId: world.inScope.id, status: 'closed' });
      const result = await bulkAssign({ db: ctx.database.db }, caller(crewLeader), { ids: [openOne.id, closed.id], assigneeId: crewLeader.id });
      expect(result).toEqual({ updated: 1, skipped: [{ id: closed.id, reason: 'not_open' }] });
    });
  });
});
