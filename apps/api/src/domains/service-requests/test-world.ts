import { and, eq } from 'drizzle-orm';
import { customerUsers } from '../../db/schema.js';
import {
  addTeamMember,
  createBranch,
  createCustomer,
  createUser,
  linkCustomerUser,
  signIn,
  type CustomerRow,
  type SignedIn,
  type TestUser,
} from '../../test/factories.js';
import type { TestContext } from '../../test/test-app.js';

/**
 * The people around one customer, for service-request tests: its account manager (also the
 * `accountManagerId`), a crew leader on the team, a property manager, two residents, a branch
 * manager of another branch (out of scope), a staff member in scope but not on the team (a branch
 * manager of the same branch), and a resident of another customer.
 */
export interface RequestWorld {
  customer: CustomerRow;
  otherCustomer: CustomerRow;
  manager: TestUser;
  crew: TestUser;
  branchManager: TestUser;
  outsider: TestUser;
  propertyManager: TestUser;
  resident: TestUser;
  neighbour: TestUser;
  strangerResident: TestUser;
  admin: TestUser;
  as: Record<
    'manager' | 'crew' | 'branchManager' | 'outsider' | 'propertyManager' | 'resident' | 'neighbour' | 'strangerResident' | 'admin',
    SignedIn
  >;
}

export async function createRequestWorld(ctx: TestContext, options: { timeZone?: string } = {}): Promise<RequestWorld> {
  const branch = await createBranch(ctx, { timeZone: options.timeZone ?? 'America/New_York' });
  const otherBranch = await createBranch(ctx);
  const manager = await createUser(ctx, { roles: ['Account Manager'], firstName: 'Mia', lastName: 'Manager', branchId: branch.id, regionId: branch.regionId });
  const crew = await createUser(ctx, { roles: ['Crew Leader'], firstName: 'Carl', lastName: 'Crew', branchId: branch.id, regionId: branch.regionId });
  const branchManager = await createUser(ctx, { roles: ['Branch Manager'], firstName: 'Bea', lastName: 'Branch', branchId: branch.id, regionId: branch.regionId });
  const outsider = await createUser(ctx, {
    roles: ['Branch Manager'],
    firstName: 'Otto',
    lastName: 'Outside',
    branchId: otherBranch.id,
    regionId: otherBranch.regionId,
  });
  const admin = await createUser(ctx, { roles: ['System Admin'], firstName: 'Ada', lastName: 'Admin' });
  const customer = await createCustomer(ctx, { branchId: branch.id, regionId: branch.regionId, accountManagerId: manager.id, name: 'Willow Creek HOA' });
  const otherCustomer = await createCustomer(ctx, { branchId: otherBranch.id, regionId: otherBranch.regionId });
  await addTeamMember(ctx, customer.id, manager.id, 'Account Manager');
  await addTeamMember(ctx, customer.id, crew.id, 'Crew Leader');
  const propertyManager = await createUser(ctx, { roles: ['Property Manager'], firstName: 'Paula', lastName: 'Property' });
  const resident = await createUser(ctx, { roles: ['Resident'], firstName: 'Rita', lastName: 'Resident' });
  const neighbour = await createUser(ctx, { roles: ['Resident'], firstName: 'Ned', lastName: 'Neighbour' });
  const strangerResident = await createUser(ctx, { roles: ['Resident'], firstName: 'Sam', lastName: 'Stranger' });
  // Linked with their role at that customer (what the customer's notification routing reads).
  const link = async (customerId: string, user: TestUser) => {
    await linkCustomerUser(ctx, customerId, user.id);
    await ctx.database.db
      .update(customerUsers)
      .set({ roles: user.roles })
      .where(and(eq(customerUsers.customerId, customerId), eq(customerUsers.userId, user.id)));
  };
  await link(customer.id, propertyManager);
  await link(customer.id, resident);
  await link(customer.id, neighbour);
  await link(otherCustomer.id, strangerResident);
  const people = { manager, crew, branchManager, outsider, propertyManager, resident, neighbour, strangerResident, admin };
  const as = Object.fromEntries(
    await Promise.all(Object.entries(people).map(async ([key, user]) => [key, await signIn(ctx, user)] as const)),
  ) as RequestWorld['as'];
  return { customer, otherCustomer, ...people, as };
}
