import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@grove/shared';
import { customers } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import {
  addTeamMember,
  createBranch,
  createCustomer,
  createRegion,
  createUser,
  linkCustomerUser,
  type BranchRow,
  type CustomerRow,
  type RegionRow,
} from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { assertCustomerInScope, customerIdInScope, customerScopeCondition, isCustomerInScope, type ScopeUser } from './customer-scope.js';

/**
 * Two regions; region North has branches N1 and N2, region South has S1. Customers:
 * n1a, n1b (branch N1), n2 (N2), s1 (S1). Expectations are named customers, so a failure reads well.
 */
describe(`customer scope policy (${dbKind})`, () => {
  let ctx: TestContext;
  let north: RegionRow;
  let south: RegionRow;
  let n1: BranchRow;
  let n2: BranchRow;
  let s1: BranchRow;
  const c: Record<'n1a' | 'n1b' | 'n2' | 's1', CustomerRow> = {} as never;

  beforeAll(async () => {
    ctx = await createTestContext();
    north = await createRegion(ctx, { name: 'North' });
    south = await createRegion(ctx, { name: 'South' });
    n1 = await createBranch(ctx, { regionId: north.id, name: 'N1' });
    n2 = await createBranch(ctx, { regionId: north.id, name: 'N2' });
    s1 = await createBranch(ctx, { regionId: south.id, name: 'S1' });
    c.n1a = await createCustomer(ctx, { branchId: n1.id, name: 'n1a' });
    c.n1b = await createCustomer(ctx, { branchId: n1.id, name: 'n1b' });
    c.n2 = await createCustomer(ctx, { branchId: n2.id, name: 'n2' });
    c.s1 = await createCustomer(ctx, { branchId: s1.id, name: 's1' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  function scopeUser(user: { id: string; roles: string[]; regionId: string | null; branchId: string | null }): ScopeUser {
    return { id: user.id, roles: user.roles as Role[], regionId: user.regionId, branchId: user.branchId };
  }

  async function visible(user: ScopeUser): Promise<string[]> {
    const rows = await ctx.database.db
      .select({ name: customers.name })
      .from(customers)
      .where(customerScopeCondition(user))
      .orderBy(asc(customers.name));
    return rows.map((row) => row.name);
  }

  async function staff(roles: Role[], place: { regionId?: string; branchId?: string } = {}) {
    return scopeUser(await createUser(ctx, { roles, regionId: place.regionId ?? null, branchId: place.branchId ?? null }));
  }

  it.each(['System Admin', 'Executive', 'Executive Team'] as Role[])('%s sees every customer', async (role) => {
    expect(await visible(await staff([role]))).toEqual(['n1a', 'n1b', 'n2', 's1']);
  });

  it.each(['Regional Director', 'Regional Manager'] as Role[])('%s sees the customers of their region', async (role) => {
    expect(await visible(await staff([role], { regionId: north.id, branchId: n1.id }))).toEqual(['n1a', 'n1b', 'n2']);
    expect(await visible(await staff([role], { regionId: south.id }))).toEqual(['s1']);
  });

  it('a Branch Manager sees the customers of their branch only', async () => {
    expect(await visible(await staff(['Branch Manager'], { regionId: north.id, branchId: n1.id }))).toEqual(['n1a', 'n1b']);
  });

  it.each(['Account Manager', 'Crew Leader', 'Business Development'] as const)(
    '%s sees the customers whose team they are on, not the rest of their branch',
    async (role) => {
      const user = await staff([role], { regionId: north.id, branchId: n1.id });
      await addTeamMember(ctx, c.n1a.id, user.id, role);
      await addTeamMember(ctx, c.s1.id, user.id, role);
      expect(await visible(user)).toEqual(['n1a', 's1']);
    },
  );

  it('an Account Manager also sees the customers they are account manager of', async () => {
    const user = await staff(['Account Manager'], { branchId: n2.id });
    // In a branch of its own so the other tests' expectations stay as they are.
    const managed = await createCustomer(ctx, { name: 'managed', accountManagerId: user.id });
    expect(await visible(user)).toEqual(['managed']);
    expect(await isCustomerInScope(ctx.database.db, user, managed.id)).toBe(true);
  });

  it('staff without a scope rule (no region or branch set) see nothing', async () => {
    expect(await visible(await staff(['Regional Director']))).toEqual([]);
    expect(await visible(await staff(['Branch Manager'], { regionId: north.id }))).toEqual([]);
    expect(await visible(await staff(['Crew Leader'], { branchId: n1.id }))).toEqual([]);
  });

  it('several roles give the union of their scopes', async () => {
    const user = await staff(['Crew Leader', 'Branch Manager'], { regionId: north.id, branchId: n2.id });
    await addTeamMember(ctx, c.s1.id, user.id, 'Crew Leader');
    expect(await visible(user)).toEqual(['n2', 's1']);

    const both = scopeUser(await createUser(ctx, { roles: ['Branch Manager', 'Property Manager'], branchId: s1.id }));
    await linkCustomerUser(ctx, c.n1b.id, both.id);
    expect(await visible(both)).toEqual(['n1b', 's1']);
  });

  it('customer-side users see only the customers they are actively linked to', async () => {
    const pm = scopeUser(await createUser(ctx, { roles: ['Property Manager'] }));
    await linkCustomerUser(ctx, c.n1a.id, pm.id);
    await linkCustomerUser(ctx, c.s1.id, pm.id);
    await linkCustomerUser(ctx, c.n2.id, pm.id, 'disabled');
    expect(await visible(pm)).toEqual(['n1a', 's1']);

    const resident = scopeUser(await createUser(ctx, { roles: ['Resident'] }));
    await linkCustomerUser(ctx, c.n1b.id, resident.id, 'requested');
    expect(await visible(resident)).toEqual([]);
  });

  it('a customer-side user is not scoped by a region or branch even if one is set', async () => {
    const user = scopeUser(await createUser(ctx, { roles: ['Board Member'], regionId: north.id, branchId: n1.id }));
    expect(await visible(user)).toEqual([]);
  });

  it('assertCustomerInScope answers 404 outside scope and for unknown or malformed ids', async () => {
    const manager = await staff(['Branch Manager'], { regionId: north.id, branchId: n1.id });
    await expect(assertCustomerInScope(ctx.database.db, manager, c.n1a.id)).resolves.toBeUndefined();
    for (const id of [c.s1.id, crypto.randomUUID(), 'not-a-uuid']) {
      const error = await assertCustomerInScope(ctx.database.db, manager, id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(404);
    }
  });

  it('customerIdInScope filters rows of other tables by their customer id', async () => {
    const manager = await staff(['Regional Manager'], { regionId: south.id });
    const rows = await ctx.database.db
      .select({ name: customers.name })
      .from(customers)
      .where(customerIdInScope(manager, customers.id));
    expect(rows.map((row) => row.name)).toEqual(['s1']);
  });
});
