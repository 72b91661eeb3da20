import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { CustomerSummary, Page, ServiceRequestSummary } from '@grove/shared';
import { customerTeam, customers, serviceRequestTypes } from '../../db/schema.js';
import { addTeamMember, createBranch, createCustomer, createUser, signIn, type SignedIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { createServiceRequest, type ServiceRequestRow } from './test-factories.js';

/**
 * Decision 033: the scope (per session) and the reference data (types, priorities, branches,
 * regions) are cached in the process, and a change made by anyone — here straight in SQL, as another
 * process would, with no application code told about it — is seen by the very next call.
 */
describe(`request cost caches (${dbKind})`, () => {
  let ctx: TestContext;
  let customerId: string;
  let managerId: string;
  let request: ServiceRequestRow;
  let manager: SignedIn;
  let admin: SignedIn;

  const listIds = async (headers: SignedIn) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/ServiceRequests', headers });
    expect(res.statusCode).toBe(200);
    return res.json<Page<ServiceRequestSummary>>().data.map((row) => row.id);
  };
  const customerIds = async (headers: SignedIn) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/Customers', headers });
    expect(res.statusCode).toBe(200);
    return res.json<Page<CustomerSummary>>().data.map((row) => row.id);
  };
  const detailStatus = async (headers: SignedIn) => (await ctx.app.inject({ method: 'GET', url: `/api/ServiceRequests/${request.id}`, headers })).statusCode;
  const removeManager = async () => {
    await ctx.database.db.update(customers).set({ accountManagerId: null }).where(eq(customers.id, customerId));
    await ctx.database.db.delete(customerTeam).where(and(eq(customerTeam.customerId, customerId), eq(customerTeam.userId, managerId)));
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    const branch = await createBranch(ctx);
    const am = await createUser(ctx, { roles: ['Account Manager'], branchId: branch.id, regionId: branch.regionId });
    managerId = am.id;
    const customer = await createCustomer(ctx, { branchId: branch.id, regionId: branch.regionId, accountManagerId: am.id });
    customerId = customer.id;
    await addTeamMember(ctx, customer.id, am.id, 'Account Manager');
    request = await createServiceRequest(ctx, { customerId: customer.id, title: 'Cached scope request' });
    manager = await signIn(ctx, am);
    admin = await signIn(ctx, await createUser(ctx, { roles: ['System Admin'] }));
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('an account manager removed from a customer loses access on the next call', async () => {
    // Twice: the second call answers from the cached scope.
    for (let i = 0; i < 2; i++) {
      expect(await listIds(manager)).toEqual([request.id]);
      expect(await customerIds(manager)).toEqual([customerId]);
      expect(await detailStatus(manager)).toBe(200);
    }
    await removeManager();
    expect(await listIds(manager)).toEqual([]);
    expect(await customerIds(manager)).toEqual([]);
    expect(await detailStatus(manager)).toBe(404);
    // And back on the team: access again on the next call.
    await addTeamMember(ctx, customerId, managerId, 'Account Manager');
    expect(await listIds(manager)).toEqual([request.id]);
    expect(await detailStatus(manager)).toBe(200);
    await removeManager();
    expect(await detailStatus(manager)).toBe(404);
  });

  it('the scope is cached: a change the version does not cover is not seen (why the triggers matter)', async () => {
    await addTeamMember(ctx, customerId, managerId, 'Account Manager');
    expect(await listIds(manager)).toEqual([request.id]);
    await ctx.database.db.execute(sql`alter table customer_team disable trigger customer_team_scope_epoch`);
    try {
      await ctx.database.db.delete(customerTeam).where(eq(customerTeam.customerId, customerId));
      // Without the version moving, the session's cached scope still names the customer.
      expect(await listIds(manager)).toEqual([request.id]);
    } finally {
      await ctx.database.db.execute(sql`alter table customer_team enable trigger customer_team_scope_epoch`);
    }
    // Any later change moves the version: the scope is resolved anew.
    await ctx.database.db.update(customers).set({ accountManagerId: null }).where(eq(customers.id, customerId));
    expect(await listIds(manager)).toEqual([]);
  });

  it('a renamed service-request type shows on the next list and detail (reference cache)', async () => {
    const first = (await ctx.app.inject({ method: 'GET', url: '/api/ServiceRequests', headers: admin })).json<Page<ServiceRequestSummary>>();
    const type = first.data.find((row) => row.id === request.id)!.type;
    const renamed = `Renamed ${crypto.randomUUID().slice(0, 8)}`;
    await ctx.database.db.update(serviceRequestTypes).set({ name: renamed }).where(eq(serviceRequestTypes.id, type.id));
    const next = (await ctx.app.inject({ method: 'GET', url: '/api/ServiceRequests', headers: admin })).json<Page<ServiceRequestSummary>>();
    expect(next.data.find((row) => row.id === request.id)!.type.name).toBe(renamed);
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/ServiceRequests/${request.id}`, headers: admin })).json<ServiceRequestSummary>();
    expect(detail.type.name).toBe(renamed);
  });

  it('a renamed branch shows on the next customers list (reference cache)', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/Customers', headers: admin })).json<Page<CustomerSummary>>();
    const row = before.data.find((c) => c.id === customerId)!;
    const renamed = `Branch ${crypto.randomUUID().slice(0, 8)}`;
    await ctx.database.db.execute(sql`update branches set name = ${renamed} where id = ${row.branchId}`);
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/Customers', headers: admin })).json<Page<CustomerSummary>>();
    expect(after.data.find((c) => c.id === customerId)!.branchName).toBe(renamed);
  });
});
