import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@grove/shared';
import { createScopeWorld, signIn, type ScopeWorld } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { createOrangeReport } from './test-factories.js';

/** The customer dashboard's "Latest orange reports": published reports of the property only, newest approval first. */
describe(`orange reports on the customer dashboard (${dbKind})`, () => {
  let ctx: TestContext;
  let world: ScopeWorld;
  beforeAll(async () => {
    ctx = await createTestContext();
    world = await createScopeWorld(ctx);
  });
  afterAll(() => ctx.close());

  it('lists published reports newest first, counts those waiting for a decision, and never shows drafts, reviews or other properties', async () => {
    const crew = world.users['Crew Leader'].id;
    const days = (n: number) => new Date(Date.now() - n * 86_400_000);
    const report = (status: 'draft' | 'submitted' | 'approved' | 'acknowledged' | 'resolved', title: string, approvedDaysAgo: number | null, customerId = world.inScope.id) =>
      createOrangeReport(ctx, { customerId, authorId: crew, status, title, approvedAt: approvedDaysAgo === null ? null : days(approvedDaysAgo) });
    await report('draft', 'Draft finding', null);
    await report('submitted', 'Waiting for review', null);
    await report('approved', 'Leaning oak', 1);
    await report('approved', 'Broken heads', 5);
    await report('acknowledged', 'Crepe myrtles', 3);
    await report('resolved', 'Loose pavers', 20);
    await report('approved', 'Other property', 0, world.outOfScope.id);

    const pm = await signIn(ctx, world.users['Property Manager']);
    const answer = await ctx.app.inject({ method: 'GET', url: `/api/Dashboard?customerId=${world.inScope.id}`, headers: pm });
    expect(answer.statusCode, answer.body).toBe(200);
    const tile = answer.json<Dashboard>().tiles.find((t) => t.id === 'orange-reports.latest')!;
    expect(tile).toMatchObject({ value: 2, detail: '2 waiting for your decision', tone: 'warning', link: `/customerView/${world.inScope.id}/orange-reports` });
    expect(tile.items.map((item) => [item.title, item.badge])).toEqual([
      ['Leaning oak', 'Decision needed'],
      ['Crepe myrtles', 'Acknowledged'],
      ['Broken heads', 'Decision needed'],
    ]);
    expect(tile.items[0]!.link).toMatch(new RegExp(`^/customerView/${world.inScope.id}/orange-reports/[0-9a-f-]+/view$`));

    // Staff have their own tile (waiting for review), not this one.
    const staff = await ctx.app.inject({ method: 'GET', url: '/api/Dashboard', headers: await signIn(ctx, world.users['Branch Manager']) });
    expect(staff.json<Dashboard>().tiles.some((t) => t.id === 'orange-reports.latest')).toBe(false);
  });
});
