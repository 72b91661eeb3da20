import { and, eq } from 'drizzle-orm';
import type { ZoneKind } from '@grove/shared';
import { customerUsers, customerZones } from '../../db/schema.js';
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
 * The people around one property, for plan tests: a branch manager (writes global templates), its
 * account manager and a crew leader on the team, a business developer in scope but not allowed to
 * write global templates, a property manager and a board member of the customer, a branch manager
 * of another branch (out of scope) and a property manager of another customer. The customer has a
 * turf zone and a bed zone on its map.
 */
export interface PlanWorld {
  customer: CustomerRow;
  otherCustomer: CustomerRow;
  zones: { turf: string; bed: string };
  otherZone: string;
  branchManager: TestUser;
  manager: TestUser;
  crew: TestUser;
  bizDev: TestUser;
  outsider: TestUser;
  propertyManager: TestUser;
  board: TestUser;
  strangerPm: TestUser;
  as: Record<'branchManager' | 'manager' | 'crew' | 'bizDev' | 'outsider' | 'propertyManager' | 'board' | 'strangerPm', SignedIn>;
}

const square = (lng: number, lat: number) => ({
  type: 'Polygon' as const,
  coordinates: [[[lng, lat], [lng + 0.001, lat], [lng + 0.001, lat + 0.001], [lng, lat + 0.001], [lng, lat]]],
});

export async function createPlanWorld(ctx: TestContext): Promise<PlanWorld> {
  const branch = await createBranch(ctx);
  const otherBranch = await createBranch(ctx);
  const inBranch = { branchId: branch.id, regionId: branch.regionId };
  const branchManager = await createUser(ctx, { roles: ['Branch Manager'], firstName: 'Bea', lastName: 'Branch', ...inBranch });
  const manager = await createUser(ctx, { roles: ['Account Manager'], firstName: 'Mia', lastName: 'Manager', ...inBranch });
  const crew = await createUser(ctx, { roles: ['Crew Leader'], firstName: 'Carl', lastName: 'Crew', ...inBranch });
  const bizDev = await createUser(ctx, { roles: ['Business Development'], firstName: 'Dev', lastName: 'Biz', ...inBranch });
  const outsider = await createUser(ctx, { roles: ['Branch Manager'], firstName: 'Otto', lastName: 'Outside', branchId: otherBranch.id, regionId: otherBranch.regionId });
  const customer = await createCustomer(ctx, { ...inBranch, accountManagerId: manager.id, name: 'Willow Creek HOA', latitude: 33.75, longitude: -84.39 });
  const otherCustomer = await createCustomer(ctx, { branchId: otherBranch.id, regionId: otherBranch.regionId, name: 'Elsewhere Estates' });
  await addTeamMember(ctx, customer.id, manager.id, 'Account Manager');
  await addTeamMember(ctx, customer.id, crew.id, 'Crew Leader');
  await addTeamMember(ctx, customer.id, bizDev.id, 'Business Development');
  const propertyManager = await createUser(ctx, { roles: ['Property Manager'], firstName: 'Paula', lastName: 'Property' });
  const board = await createUser(ctx, { roles: ['Board Member'], firstName: 'Bob', lastName: 'Board' });
  const strangerPm = await createUser(ctx, { roles: ['Property Manager'], firstName: 'Sam', lastName: 'Stranger' });
  const link = async (customerId: string, user: TestUser) => {
    await linkCustomerUser(ctx, customerId, user.id);
    await ctx.database.db.update(customerUsers).set({ roles: user.roles }).where(and(eq(customerUsers.customerId, customerId), eq(customerUsers.userId, user.id)));
  };
  await link(customer.id, propertyManager);
  await link(customer.id, board);
  await link(otherCustomer.id, strangerPm);
  const zone = async (customerId: string, name: string, kind: ZoneKind) => {
    const [row] = await ctx.database.db.insert(customerZones).values({ customerId, name, kind, color: '#2f9e44', geometry: square(-84.39, 33.75), areaSqM: 1000 }).returning();
    return row!.id;
  };
  const zones = { turf: await zone(customer.id, 'Front lawn', 'turf'), bed: await zone(customer.id, 'Entrance beds', 'bed') };
  const otherZone = await zone(otherCustomer.id, 'Other lawn', 'turf');
  const people = { branchManager, manager, crew, bizDev, outsider, propertyManager, board, strangerPm };
  const as = Object.fromEntries(await Promise.all(Object.entries(people).map(async ([key, user]) => [key, await signIn(ctx, user)] as const))) as PlanWorld['as'];
  return { customer, otherCustomer, zones, otherZone, ...people, as };
}
