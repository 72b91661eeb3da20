import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, DashboardTile } from '@grove/shared';
import type { SignedIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { createProposalWorld, makeProposal, type ProposalWorld } from './test-world.js';

/* Issue 12: the proposals tiles — open proposals and their value for staff in scope, proposals to sign for the customer. */
describe(`proposal dashboard tiles (${dbKind})`, () => {
  let ctx: TestContext;
  let w: ProposalWorld;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await createProposalWorld(ctx);
    await makeProposal(ctx, w, { send: true });
    await makeProposal(ctx, w, { send: true });
    await makeProposal(ctx, w); // a draft: not open, not shown to the customer
  }, 180_000);
  afterAll(async () => {
    await ctx.close();
  });

  const dashboard = async (as: SignedIn, query = '') =>
    (await ctx.app.inject({ method: 'GET', url: `/api/Dashboard${query}`, headers: { ...as, 'accept-language': 'en' } })).json<Dashboard>();
  const tile = (body: Dashboard, id: string): DashboardTile | undefined => body.tiles.find((t) => t.id === id);

  it('staff see open proposals in their scope and what they are worth', async () => {
    expect(tile(await dashboard(w.as.manager), 'proposals.open')).toMatchObject({ value: 2, detail: 'Worth $2,400.00', title: 'Open proposals' });
    expect(tile(await dashboard(w.as.manager, `?customerId=${w.customer.id}`), 'proposals.open')).toMatchObject({ value: 2, link: `/customers/${w.customer.id}/proposals` });
    expect(tile(await dashboard(w.as.outsider), 'proposals.open')).toMatchObject({ value: 0, detail: 'Worth $0.00' });
  });

  it('customer users who may see proposals see those awaiting a signature; residents get no tile', async () => {
    expect(tile(await dashboard(w.as.propertyManager, `?customerId=${w.customer.id}`), 'proposals.awaiting-signature')).toMatchObject({ value: 2, tone: 'warning' });
    expect(tile(await dashboard(w.as.strangerManager, `?customerId=${w.otherCustomer.id}`), 'proposals.awaiting-signature')).toMatchObject({ value: 0 });
    expect(tile(await dashboard(w.as.resident, `?customerId=${w.customer.id}`), 'proposals.awaiting-signature')).toBeUndefined();
    expect((await dashboard(w.as.resident, `?customerId=${w.customer.id}`)).tiles.length).toBeGreaterThan(0);
  });
});
