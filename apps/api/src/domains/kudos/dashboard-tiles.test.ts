import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, Role } from '@grove/shared';
import { createScopeWorld, signIn, type ScopeWorld } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { kudos } from './tables.js';

describe(`kudos dashboard tile (${dbKind})`, () => {
  let ctx: TestContext;
  let world: ScopeWorld;

  beforeAll(async () => {
    ctx = await createTestContext();
    world = await createScopeWorld(ctx);
    const pm = world.users['Property Manager'];
    const crew = world.users['Crew Leader'];
    const old = new Date(Date.now() - 40 * 86400_000);
    await ctx.database.db.insert(kudos).values([
      { customerId: world.inScope.id, senderId: pm.id, recipientId: crew.id, category: 'quality', message: 'Great edging' },
      { customerId: world.inScope.id, senderId: pm.id, recipientId: null, category: 'friendliness', message: 'Thanks, crew' },
      { customerId: world.inScope.id, senderId: pm.id, recipientId: crew.id, category: 'quality', message: 'Long ago', createdAt: old },
      { customerId: world.outOfScope.id, senderId: pm.id, recipientId: crew.id, category: 'quality', message: 'Elsewhere' },
    ]);
  });
  afterAll(() => ctx.close());

  async function tile(role: Role, query = '') {
    const headers = await signIn(ctx, world.users[role]);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/Dashboard${query}`, headers: { ...headers, 'accept-language': 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Dashboard>();
    return body.tiles.find((t) => t.id === 'kudos.recent');
  }

  it('counts the last 30 days of thanks in scope, and those for the reader', async () => {
    expect(await tile('Crew Leader')).toMatchObject({ value: 2, detail: '1 for you', tone: 'good', link: '/yn-team-directory' });
    expect(await tile('Account Manager')).toMatchObject({ value: 2, detail: '0 for you' });
    // Executives see every customer: the out-of-scope one counts for them.
    expect(await tile('Executive')).toMatchObject({ value: 3 });
    // Staff only: a property's own dashboard has no such tile.
    expect(await tile('Property Manager', `?customerId=${world.inScope.id}`)).toBeUndefined();
  });
});
