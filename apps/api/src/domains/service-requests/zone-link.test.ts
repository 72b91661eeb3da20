import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerZones, serviceRequests } from '../../db/schema.js';
import { createScopeWorld, signIn, type ScopeWorld } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { createServiceRequest } from './test-factories.js';

const square = {
  type: 'Polygon',
  coordinates: [
    [
      [-84.566, 33.95],
      [-84.565, 33.95],
      [-84.565, 33.951],
      [-84.566, 33.95],
    ],
  ],
};

// Issue 8 §5: service_requests.zone_id had no foreign key, so deleting a zone left requests
// pointing at nothing. It references customer_zones now (ON DELETE SET NULL).
describe(`a request's zone is a real reference (${dbKind})`, () => {
  let ctx: TestContext;
  let world: ScopeWorld;
  beforeAll(async () => {
    ctx = await createTestContext();
    world = await createScopeWorld(ctx);
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function zone() {
    const [row] = await ctx.database.db
      .insert(customerZones)
      .values({ customerId: world.inScope.id, name: 'Front beds', kind: 'bed', color: '#aa3355', geometry: square as never, areaSqM: 1 })
      .returning();
    return row!;
  }

  it('deleting a zone clears it from the requests in it', async () => {
    const front = await zone();
    const request = await createServiceRequest(ctx, { customerId: world.inScope.id, zoneId: front.id });
    const admin = await signIn(ctx, world.users['System Admin']);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/Customers/${world.inScope.id}/zones/${front.id}`, headers: admin });
    expect(res.statusCode).toBe(204);
    const [row] = await ctx.database.db.select({ zoneId: serviceRequests.zoneId }).from(serviceRequests).where(eq(serviceRequests.id, request.id));
    expect(row!.zoneId).toBeNull();
  });

  it('a zone id that names no zone is refused by the database', async () => {
    await expect(createServiceRequest(ctx, { customerId: world.inScope.id, zoneId: crypto.randomUUID() })).rejects.toThrow();
  });
});
