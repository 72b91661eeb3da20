import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProposalDetail } from '@grove/shared';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { createOrangeReport } from '../orange-reports/test-factories.js';
import { createProposalWorld, proposalBody, type ProposalWorld } from './test-world.js';

/*
 * Issue 12: "a report can become a proposal". A proposal stores the approved orange report it
 * answers and shows its number and title; only an approved report of the same customer can be
 * linked (another customer's, or one still under review: 404).
 */
describe(`proposals from orange reports (${dbKind})`, () => {
  let ctx: TestContext;
  let w: ProposalWorld;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await createProposalWorld(ctx);
  }, 180_000);
  afterAll(async () => {
    await ctx.close();
  });

  const create = (values: object) => ctx.app.inject({ method: 'POST', url: '/api/Proposals', headers: w.as.manager, payload: { ...proposalBody(w.customer.id), ...values } });

  it('stores the link and shows the report to staff and to the customer once sent', async () => {
    const report = await createOrangeReport(ctx, { customerId: w.customer.id, authorId: w.users.manager.id, status: 'approved', title: 'Dead shrubs at the entrance' });
    const res = await create({ orangeReportId: report.id });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<ProposalDetail>();
    expect(created.orangeReportId).toBe(report.id);
    expect(created.orangeReport).toEqual({ id: report.id, number: report.number, title: 'Dead shrubs at the entrance' });
    await ctx.app.inject({ method: 'POST', url: `/api/Proposals/${created.id}/send`, headers: w.as.manager });
    const seen = await ctx.app.inject({ method: 'GET', url: `/api/Proposals/${created.id}`, headers: w.as.propertyManager });
    expect(seen.json<ProposalDetail>().orangeReport).toMatchObject({ number: report.number });
  });

  it('refuses another customer’s report and one not yet approved (404), and leaves nothing behind', async () => {
    const foreign = await createOrangeReport(ctx, { customerId: w.otherCustomer.id, authorId: w.users.manager.id, status: 'approved' });
    const pending = await createOrangeReport(ctx, { customerId: w.customer.id, authorId: w.users.manager.id, status: 'submitted' });
    const before = (await ctx.app.inject({ method: 'GET', url: `/api/Proposals?customerId=${w.customer.id}`, headers: w.as.manager })).json<{ total: number }>().total;
    expect((await create({ orangeReportId: foreign.id })).statusCode).toBe(404);
    expect((await create({ orangeReportId: pending.id })).statusCode).toBe(404);
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/Proposals?customerId=${w.customer.id}`, headers: w.as.manager })).json<{ total: number }>().total;
    expect(after).toBe(before);
    // Editing a draft cannot re-point it at another customer's report either.
    const draft = (await create({})).json<ProposalDetail>();
    const edit = await ctx.app.inject({ method: 'PUT', url: `/api/Proposals/${draft.id}`, headers: w.as.manager, payload: { ...proposalBody(w.customer.id), customerId: undefined, orangeReportId: foreign.id } });
    expect(edit.statusCode).toBe(404);
  });
});
