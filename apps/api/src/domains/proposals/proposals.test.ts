import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRuleAnswer, ProposalDetail, ProposalPage } from '@grove/shared';
import type { SignedIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { orangeReportServices } from '../orange-reports/index.js';
import { canonicalContent } from './content.js';
import { proposalSignatures, proposalVersions, proposals } from './tables.js';
import { createProposalWorld, futureDate, makeProposal, proposalBody, type ProposalWorld } from './test-world.js';

describe(`proposals (${dbKind})`, () => {
  let ctx: TestContext;
  let w: ProposalWorld;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await createProposalWorld(ctx);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (as: SignedIn, url: string) => ctx.app.inject({ method: 'GET', url, headers: as });
  const post = (as: SignedIn, url: string, payload?: object) => ctx.app.inject({ method: 'POST', url, headers: as, ...(payload ? { payload } : {}) });
  const accept = (as: SignedIn, p: ProposalDetail, values: object = {}) =>
    post(as, `/api/Proposals/${p.id}/accept`, { version: p.version, signerName: 'Paula Tester', consent: true, ...values });
  const setRule = (rule: { thresholdCents: number; requiredApprovals: number } | null) =>
    ctx.app.inject({ method: 'PUT', url: `/api/Proposals/approval-rules/${w.customer.id}`, headers: w.as.manager, payload: { rule } });

  describe('totals in integer cents', () => {
    it('rounds each line half away from zero and sums on the server', async () => {
      const p = await makeProposal(ctx, w, {
        values: {
          lineItems: [
            // 2.5 × $0.33 = 82.5¢ → 83¢; tax 8.25 % of 83¢ = 6.8475¢ → 7¢
            { description: 'Edging', quantity: 2.5, unit: 'ft', unitPriceCents: 33, taxRateBps: 825 },
            // 3 × $19.99 = $59.97; tax 7 % = 419.79¢ → 420¢
            { description: 'Shrubs', quantity: 3, unit: 'each', unitPriceCents: 1999, taxRateBps: 700 },
            // 0.125 × $1.00 = 12.5¢ → 13¢; no tax
            { description: 'Fertiliser', quantity: 0.125, unit: 'lb', unitPriceCents: 100, taxRateBps: 0 },
          ],
        },
      });
      expect(p.lineItems.map((l) => [l.subtotalCents, l.taxCents, l.totalCents])).toEqual([
        [83, 7, 90],
        [5997, 420, 6417],
        [13, 0, 13],
      ]);
      expect([p.subtotalCents, p.taxCents, p.totalCents]).toEqual([6093, 427, 6520]);
      expect(p.number).toMatch(/^PR-\d{4}-\d{4}$/);
      expect(p.status).toBe('draft');
    });

    it('keeps totals beyond 32-bit integers exact', async () => {
      const p = await makeProposal(ctx, w, { values: { lineItems: [{ description: 'Campus re-landscaping', quantity: 100_000, unitPriceCents: 1_000_000_000, taxRateBps: 1000 }] } });
      expect([p.subtotalCents, p.taxCents, p.totalCents]).toEqual([100_000_000_000_000, 10_000_000_000_000, 110_000_000_000_000]);
      const again = (await get(w.as.manager, `/api/Proposals/${p.id}`)).json<ProposalDetail>();
      expect(again.totalCents).toBe(110_000_000_000_000);
    });

    it('prices alternatives as the shared lines plus their own', async () => {
      const p = await makeProposal(ctx, w, {
        values: {
          options: [
            { key: 'A', title: 'Annuals' },
            { key: 'B', title: 'Perennials' },
          ],
          lineItems: [
            { description: 'Bed preparation', quantity: 1, unitPriceCents: 10000, taxRateBps: 0 },
            { description: 'Annual flowers', quantity: 100, unitPriceCents: 250, taxRateBps: 1000, optionKey: 'A' },
            { description: 'Perennials', quantity: 50, unitPriceCents: 900, taxRateBps: 1000, optionKey: 'B' },
          ],
        },
      });
      expect(p.options).toEqual([
        { key: 'A', title: 'Annuals', subtotalCents: 35000, taxCents: 2500, totalCents: 37500 },
        { key: 'B', title: 'Perennials', subtotalCents: 55000, taxCents: 4500, totalCents: 59500 },
      ]);
      expect(p.totalCents).toBe(59500);
    });

    it('takes lines from the service catalogue, refusing unknown services on that line', async () => {
      const [service] = await ctx.database.db.insert(orangeReportServices).values({ names: { en: 'Proposal aeration', zh: null, es: null, ja: null, de: null, fr: null }, nameEn: 'Proposal aeration', category: 'plants', unit: 'each', unitPriceCents: 9000 }).returning();
      const p = await makeProposal(ctx, w, { values: { lineItems: [{ serviceId: service!.id, description: 'Aeration', quantity: 2, unit: 'each', unitPriceCents: 9000 }] } });
      expect(p.lineItems[0]).toMatchObject({ serviceId: service!.id, totalCents: 18000 });
      const unknown = await post(w.as.manager, '/api/Proposals', proposalBody(w.customer.id, { lineItems: [{ description: 'Mulch', quantity: 1, unitPriceCents: 100 }, { serviceId: crypto.randomUUID(), description: 'Ghost', quantity: 1, unitPriceCents: 100 }] }));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(['lineItems.1.serviceId']);
    });

    it('refuses bad input with field errors', async () => {
      const response = await post(w.as.manager, '/api/Proposals', {
        ...proposalBody(w.customer.id),
        title: '',
        validUntil: 'soon',
        lineItems: [{ description: 'x', quantity: 1.2345, unitPriceCents: 10.5, taxRateBps: -1, optionKey: 'C' }],
      });
      expect(response.statusCode).toBe(400);
      const errors = response.json<{ errors: Record<string, string[]> }>().errors;
      expect(Object.keys(errors)).toEqual(
        expect.arrayContaining(['title', 'validUntil', 'lineItems.0.quantity', 'lineItems.0.unitPriceCents', 'lineItems.0.taxRateBps']),
      );
      const noLines = await post(w.as.manager, '/api/Proposals', { ...proposalBody(w.customer.id), lineItems: [] });
      expect(noLines.statusCode).toBe(400);
      expect(noLines.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('lineItems');
    });
  });

  describe('status transitions', () => {
    it('draft → sent → viewed → accepted, with edits only while draft', async () => {
      const draft = await makeProposal(ctx, w);
      const edited = await ctx.app.inject({ method: 'PUT', url: `/api/Proposals/${draft.id}`, headers: w.as.manager, payload: { ...proposalBody(w.customer.id), title: 'Edited' } });
      expect(edited.statusCode).toBe(200);
      expect(edited.json<ProposalDetail>().title).toBe('Edited');
      expect((await get(w.as.propertyManager, `/api/Proposals/${draft.id}`)).statusCode).toBe(404);
      expect((await accept(w.as.propertyManager, draft)).statusCode).toBe(404);

      const sent = await post(w.as.manager, `/api/Proposals/${draft.id}/send`);
      expect(sent.json<ProposalDetail>().status).toBe('sent');
      expect(sent.json<ProposalDetail>().contentSha256).toMatch(/^[0-9a-f]{64}$/);
      expect((await post(w.as.manager, `/api/Proposals/${draft.id}/send`)).statusCode).toBe(409);
      const editSent = await ctx.app.inject({ method: 'PUT', url: `/api/Proposals/${draft.id}`, headers: w.as.manager, payload: proposalBody(w.customer.id) });
      expect(editSent.statusCode).toBe(409);

      const viewed = await get(w.as.propertyManager, `/api/Proposals/${draft.id}`);
      expect(viewed.json<ProposalDetail>().status).toBe('viewed');
      expect(viewed.json<ProposalDetail>().allowedActions).toEqual(['accept', 'decline']);
      const accepted = await accept(w.as.propertyManager, viewed.json<ProposalDetail>());
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json<ProposalDetail>().status).toBe('accepted');
      expect((await post(w.as.manager, `/api/Proposals/${draft.id}/withdraw`, {})).statusCode).toBe(409);
      expect((await post(w.as.propertyManager, `/api/Proposals/${draft.id}/decline`, { reason: 'late' })).statusCode).toBe(409);
    });

    it('decline needs a reason and records it; withdraw ends a sent proposal', async () => {
      const p = await makeProposal(ctx, w, { send: true });
      expect((await post(w.as.propertyManager, `/api/Proposals/${p.id}/decline`, {})).statusCode).toBe(400);
      const declined = await post(w.as.propertyManager, `/api/Proposals/${p.id}/decline`, { reason: 'Over budget this year' });
      expect(declined.json<ProposalDetail>()).toMatchObject({ status: 'declined', declineReason: 'Over budget this year' });

      const q = await makeProposal(ctx, w, { send: true });
      const withdrawn = await post(w.as.manager, `/api/Proposals/${q.id}/withdraw`, { reason: 'Wrong site' });
      expect(withdrawn.json<ProposalDetail>()).toMatchObject({ status: 'withdrawn', withdrawReason: 'Wrong site' });
      expect((await accept(w.as.propertyManager, q)).statusCode).toBe(409);
    });

    it('only drafts can be deleted', async () => {
      const draft = await makeProposal(ctx, w);
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/Proposals/${draft.id}`, headers: w.as.manager })).statusCode).toBe(204);
      expect((await get(w.as.manager, `/api/Proposals/${draft.id}`)).statusCode).toBe(404);
      const sent = await makeProposal(ctx, w, { send: true });
      expect((await ctx.app.inject({ method: 'DELETE', url: `/api/Proposals/${sent.id}`, headers: w.as.manager })).statusCode).toBe(409);
    });

    it('a proposal past its valid-until date cannot be accepted and the job expires it', async () => {
      const p = await makeProposal(ctx, w, { send: true });
      await ctx.database.db.update(proposalVersions).set({ validUntil: '2020-01-01' }).where(eq(proposalVersions.proposalId, p.id));
      const refused = await accept(w.as.propertyManager, p);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toContain('expired');
      const { expireProposals } = await import('./service.js');
      expect(await expireProposals(ctx.database.db)).toBeGreaterThanOrEqual(1);
      expect((await get(w.as.manager, `/api/Proposals/${p.id}`)).json<ProposalDetail>().status).toBe('expired');
    });

    it('customer users may not write and staff may not sign', async () => {
      const p = await makeProposal(ctx, w, { send: true });
      expect((await post(w.as.propertyManager, '/api/Proposals', proposalBody(w.customer.id))).statusCode).toBe(403);
      expect((await accept(w.as.manager, p)).statusCode).toBe(403);
      expect((await accept(w.as.committee, p)).statusCode).toBe(403);
      expect((await accept(w.as.resident, p)).statusCode).toBe(404);
    });
  });

  describe('signature record and versions', () => {
    it('records signer, roles, time, IP, user agent and the SHA-256 of the exact version', async () => {
      const p = await makeProposal(ctx, w, { send: true });
      const before = Date.now();
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/Proposals/${p.id}/accept`,
        headers: { ...w.as.propertyManager, 'user-agent': 'GroveTest/1.0' },
        payload: { version: 1, signerName: 'Paula Q. Tester', consent: true },
      });
      expect(response.statusCode).toBe(200);
      const [row] = await ctx.database.db.select().from(proposalSignatures).where(eq(proposalSignatures.proposalId, p.id));
      expect(row).toMatchObject({ signerId: w.users.propertyManager.id, signerName: 'Paula Q. Tester', signerRoles: ['Property Manager'], consent: true, userAgent: 'GroveTest/1.0', version: 1 });
      expect(row!.ip).toBeTruthy();
      expect(row!.signedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

      const [version] = await ctx.database.db.select().from(proposalVersions).where(eq(proposalVersions.proposalId, p.id));
      const expected = createHash('sha256')
        .update(
          canonicalContent({
            number: p.number,
            version: 1,
            customerId: w.customer.id,
            customerName: 'Willow Creek HOA',
            title: version!.title,
            scope: version!.scope,
            validUntil: version!.validUntil,
            lineItems: version!.lineItems,
            options: version!.options,
            subtotalCents: version!.subtotalCents,
            taxCents: version!.taxCents,
            totalCents: version!.totalCents,
          }),
        )
        .digest('hex');
      expect(row!.contentSha256).toBe(expected);
      expect(canonicalContent({ number: p.number, version: 1, customerId: w.customer.id, customerName: 'Willow Creek HOA', title: 'x', scope: '', validUntil: '2030-01-01', lineItems: [], options: [], subtotalCents: 0, taxCents: 0, totalCents: 0 })).toContain('"currency":"USD"');

      // Customer users see who signed but not the IP; staff see it.
      const asCustomer = (await get(w.as.propertyManager, `/api/Proposals/${p.id}`)).json<ProposalDetail>();
      expect(asCustomer.signature).toMatchObject({ signerName: 'Paula Q. Tester', contentSha256: expected, ip: null, userAgent: null });
      const asStaff = (await get(w.as.manager, `/api/Proposals/${p.id}`)).json<ProposalDetail>();
      expect(asStaff.signature?.userAgent).toBe('GroveTest/1.0');
    });

    it('needs the consent box and a name', async () => {
      const p = await makeProposal(ctx, w, { send: true });
      const response = await post(w.as.propertyManager, `/api/Proposals/${p.id}/accept`, { version: 1, signerName: '', consent: false });
      expect(response.statusCode).toBe(400);
      const errors = response.json<{ errors: Record<string, string[]> }>().errors;
      expect(errors.consent).toEqual(['You must accept the terms and conditions.']);
      expect(errors.signerName).toHaveLength(1);
    });

    it('refuses to sign a superseded version (409) and keeps the history', async () => {
      const p = await makeProposal(ctx, w, { send: true });
      const revised = await post(w.as.manager, `/api/Proposals/${p.id}/revise`, { ...proposalBody(w.customer.id), title: 'Spring mulch refresh (revised)' });
      expect(revised.statusCode).toBe(200);
      const v2 = revised.json<ProposalDetail>();
      expect(v2).toMatchObject({ version: 2, status: 'sent', title: 'Spring mulch refresh (revised)' });
      expect(v2.versions.map((v) => v.version)).toEqual([1, 2]);
      expect(v2.versions[0]!.contentSha256).not.toBe(v2.versions[1]!.contentSha256);

      const stale = await accept(w.as.propertyManager, p);
      expect(stale.statusCode).toBe(409);
      expect(stale.json<{ message: string }>().message).toContain('replaced by version 2');

      const old = (await get(w.as.propertyManager, `/api/Proposals/${p.id}?version=1`)).json<ProposalDetail>();
      expect(old).toMatchObject({ shownVersion: 1, title: 'Spring mulch refresh', version: 2 });
      expect((await accept(w.as.propertyManager, v2)).json<ProposalDetail>().status).toBe('accepted');
    });

    it('with alternatives the signer must choose one', async () => {
      const p = await makeProposal(ctx, w, {
        send: true,
        values: {
          options: [
            { key: 'A', title: 'Basic' },
            { key: 'B', title: 'Premium' },
          ],
          lineItems: [
            { description: 'Basic', quantity: 1, unitPriceCents: 10000, optionKey: 'A' },
            { description: 'Premium', quantity: 1, unitPriceCents: 20000, optionKey: 'B' },
          ],
        },
      });
      const missing = await accept(w.as.propertyManager, p);
      expect(missing.statusCode).toBe(400);
      expect(missing.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('optionKey');
      const chosen = (await accept(w.as.propertyManager, p, { optionKey: 'A' })).json<ProposalDetail>();
      expect(chosen).toMatchObject({ status: 'accepted', chosenOptionKey: 'A', totalCents: 10000 });
    });
  });

  describe('board approval', () => {
    it('below the threshold the acceptance needs no round', async () => {
      expect((await setRule({ thresholdCents: 50000, requiredApprovals: 2 })).statusCode).toBe(200);
      const p = await makeProposal(ctx, w, { send: true, values: { lineItems: [{ description: 'Small job', quantity: 1, unitPriceCents: 50000 }] } });
      const accepted = (await accept(w.as.propertyManager, p)).json<ProposalDetail>();
      expect(accepted.status).toBe('accepted');
      expect(accepted.approval).toBeNull();
    });

    it('above the threshold: a round starts; the quorum accepts it; everyone sees the votes', async () => {
      await setRule({ thresholdCents: 50000, requiredApprovals: 2 });
      const p = await makeProposal(ctx, w, { send: true });
      const pending = (await accept(w.as.propertyManager, p)).json<ProposalDetail>();
      expect(pending.status).toBe('pending_approval');
      expect(pending.approval).toMatchObject({ status: 'open', requiredApprovals: 2, thresholdCents: 50000, approvals: 0 });
      expect(pending.approval!.voters.map((v) => v.id).sort()).toEqual([w.users.board1.id, w.users.board2.id, w.users.board3.id].sort());

      const board1View = (await get(w.as.board1, `/api/Proposals/${p.id}`)).json<ProposalDetail>();
      expect(board1View.allowedActions).toEqual(['vote']);
      expect(board1View.awaitingYou).toBe(true);
      expect((await post(w.as.propertyManager, `/api/Proposals/${p.id}/vote`, { vote: 'approve' })).statusCode).toBe(403);

      const first = (await post(w.as.board1, `/api/Proposals/${p.id}/vote`, { vote: 'approve' })).json<ProposalDetail>();
      expect(first).toMatchObject({ status: 'pending_approval', approval: { approvals: 1 } });
      expect((await post(w.as.board1, `/api/Proposals/${p.id}/vote`, { vote: 'approve' })).statusCode).toBe(409);
      const second = (await post(w.as.board2, `/api/Proposals/${p.id}/vote`, { vote: 'approve', comment: 'Good value' })).json<ProposalDetail>();
      expect(second.status).toBe('accepted');
      expect(second.approval).toMatchObject({ status: 'approved', approvals: 2, rejections: 0 });
      expect(second.approval!.votes.map((v) => [v.voter.id, v.vote])).toEqual([
        [w.users.board1.id, 'approve'],
        [w.users.board2.id, 'approve'],
      ]);
      const seenByCommittee = (await get(w.as.committee, `/api/Proposals/${p.id}`)).json<ProposalDetail>();
      expect(seenByCommittee.approval?.votes).toHaveLength(2);
      expect((await post(w.as.board3, `/api/Proposals/${p.id}/vote`, { vote: 'reject' })).statusCode).toBe(409);
    });

    it('is rejected as soon as the quorum can no longer be reached', async () => {
      await setRule({ thresholdCents: 50000, requiredApprovals: 2 });
      const p = await makeProposal(ctx, w, { send: true });
      await accept(w.as.propertyManager, p);
      const one = (await post(w.as.board1, `/api/Proposals/${p.id}/vote`, { vote: 'reject' })).json<ProposalDetail>();
      expect(one.status).toBe('pending_approval');
      const two = (await post(w.as.board2, `/api/Proposals/${p.id}/vote`, { vote: 'reject', comment: 'Too expensive' })).json<ProposalDetail>();
      expect(two.status).toBe('rejected');
      expect(two.approval).toMatchObject({ status: 'rejected', approvals: 0, rejections: 2 });
    });

    it('refuses a round the board is too small for', async () => {
      await setRule({ thresholdCents: 0, requiredApprovals: 4 });
      const p = await makeProposal(ctx, w, { send: true });
      const refused = await accept(w.as.propertyManager, p);
      expect(refused.statusCode).toBe(409);
      const [row] = await ctx.database.db.select().from(proposals).where(eq(proposals.id, p.id));
      expect(row!.status).toBe('sent');
      expect(await ctx.database.db.select().from(proposalSignatures).where(eq(proposalSignatures.proposalId, p.id))).toHaveLength(0);
      await setRule(null);
    });

    it('the rule is read in scope and written by staff only', async () => {
      await setRule({ thresholdCents: 50000, requiredApprovals: 2 });
      const read = await get(w.as.propertyManager, `/api/Proposals/approval-rules/${w.customer.id}`);
      expect(read.json<ApprovalRuleAnswer>()).toMatchObject({ rule: { thresholdCents: 50000, requiredApprovals: 2 }, boardMembers: 3 });
      expect((await get(w.as.strangerManager, `/api/Proposals/approval-rules/${w.customer.id}`)).statusCode).toBe(404);
      const write = await ctx.app.inject({ method: 'PUT', url: `/api/Proposals/approval-rules/${w.customer.id}`, headers: w.as.propertyManager, payload: { rule: null } });
      expect(write.statusCode).toBe(403);
      const bad = await ctx.app.inject({ method: 'PUT', url: `/api/Proposals/approval-rules/${w.customer.id}`, headers: w.as.manager, payload: { rule: { thresholdCents: -1, requiredApprovals: 0 } } });
      expect(bad.statusCode).toBe(400);
      await setRule(null);
    });
  });

  describe('who sees what', () => {
    it('customer users see only sent proposals of their own customer, open ones first', async () => {
      const draft = await makeProposal(ctx, w);
      const open = await makeProposal(ctx, w, { send: true, values: { title: 'Awaiting decision' } });
      const list = (await get(w.as.propertyManager, `/api/Proposals?customerId=${w.customer.id}&pageSize=100`)).json<ProposalPage>();
      expect(list.data.some((p) => p.id === draft.id)).toBe(false);
      expect(list.data.some((p) => p.id === open.id)).toBe(true);
      const firstClosed = list.data.findIndex((p) => !['sent', 'viewed', 'pending_approval'].includes(p.status));
      const lastOpen = list.data.map((p) => ['sent', 'viewed', 'pending_approval'].includes(p.status)).lastIndexOf(true);
      expect(firstClosed === -1 || lastOpen < firstClosed).toBe(true);
      expect(list.data.find((p) => p.id === open.id)?.awaitingYou).toBe(true);

      const stranger = (await get(w.as.strangerManager, '/api/Proposals')).json<ProposalPage>();
      expect(stranger.data).toHaveLength(0);
      expect((await get(w.as.strangerManager, `/api/Proposals/${open.id}`)).statusCode).toBe(404);
      expect((await get(w.as.outsider, `/api/Proposals/${open.id}`)).statusCode).toBe(404);
      // Residents are not among the roles proposals are shared with.
      expect((await get(w.as.resident, '/api/Proposals')).json<ProposalPage>().data).toHaveLength(0);
      expect((await get(w.as.resident, `/api/Proposals/${open.id}`)).statusCode).toBe(404);
    });

    it('staff filter by status and see the value of open proposals', async () => {
      const list = (await get(w.as.manager, `/api/Proposals?customerId=${w.customer.id}&status=open&pageSize=100`)).json<ProposalPage>();
      expect(list.data.every((p) => ['sent', 'viewed', 'pending_approval'].includes(p.status))).toBe(true);
      expect(list.openCount).toBe(list.total);
      expect(list.openValueCents).toBe(list.data.reduce((sum, p) => sum + p.totalCents, 0));
      const drafts = (await get(w.as.manager, `/api/Proposals?customerId=${w.customer.id}&status=draft`)).json<ProposalPage>();
      expect(drafts.data.every((p) => p.status === 'draft')).toBe(true);
      expect((await get(w.as.manager, '/api/Proposals?status=bogus')).statusCode).toBe(400);
      expect((await get(w.as.outsider, `/api/Proposals?customerId=${w.customer.id}`)).json<ProposalPage>().total).toBe(0);
    });

    it('search matches the number, the current title and the customer name, and the total counts the matches', async () => {
      const marked = await makeProposal(ctx, w, { values: { title: 'Zanzibar koi pond rebuild' } });
      const byTitle = (await get(w.as.manager, '/api/Proposals?search=zanzibar%20KOI&pageSize=100')).json<ProposalPage>();
      expect(byTitle.data.map((p) => p.id)).toEqual([marked.id]);
      expect(byTitle.total).toBe(1);
      const byNumber = (await get(w.as.manager, `/api/Proposals?search=${marked.number}`)).json<ProposalPage>();
      expect(byNumber.data.map((p) => p.id)).toEqual([marked.id]);
      const all = (await get(w.as.manager, `/api/Proposals?customerId=${w.customer.id}&pageSize=100`)).json<ProposalPage>();
      const byCustomer = (await get(w.as.manager, `/api/Proposals?customerId=${w.customer.id}&search=${encodeURIComponent(w.customer.name)}&pageSize=100`)).json<ProposalPage>();
      expect(byCustomer.total).toBe(all.total);
      expect(byCustomer.data.length).toBe(all.data.length);
      const none = (await get(w.as.manager, '/api/Proposals?search=no-such-proposal-anywhere')).json<ProposalPage>();
      expect([none.data.length, none.total]).toEqual([0, 0]);
      // Outside the caller's scope a match stays invisible.
      expect((await get(w.as.strangerManager, '/api/Proposals?search=zanzibar')).json<ProposalPage>().total).toBe(0);
    });

    it('a draft’s attachments are not readable by customer users until it is sent', async () => {
      const upload = await ctx.app.inject({
        method: 'POST',
        url: '/api/Files/uploadFile',
        headers: { ...w.as.manager, 'content-type': 'multipart/form-data; boundary=X' },
        payload: ['--X', 'Content-Disposition: form-data; name="file"; filename="plan.pdf"', 'Content-Type: application/pdf', '', '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF', '--X--', ''].join('\r\n'),
      });
      expect(upload.statusCode).toBe(201);
      const fileId = upload.json<{ id: string }>().id;
      const p = await makeProposal(ctx, w, { values: { attachmentIds: [fileId], validUntil: futureDate(10) } });
      expect(p.attachments.map((a) => a.id)).toEqual([fileId]);
      expect((await get(w.as.propertyManager, `/api/Files/${fileId}`)).statusCode).toBe(404);
      await post(w.as.manager, `/api/Proposals/${p.id}/send`);
      expect((await get(w.as.propertyManager, `/api/Files/${fileId}`)).statusCode).toBe(200);
      expect((await get(w.as.propertyManager, `/api/Files/${fileId}/content`)).statusCode).toBe(200);
      // The file follows the proposal: a resident of the same customer never sees proposals, so not its files either.
      expect((await get(w.as.resident, `/api/Proposals/${p.id}`)).statusCode).toBe(404);
      expect((await get(w.as.resident, `/api/Files/${fileId}`)).statusCode).toBe(404);
      expect((await get(w.as.resident, `/api/Files/${fileId}/content`)).statusCode).toBe(404);
      expect((await get(w.as.strangerManager, `/api/Files/${fileId}/content`)).statusCode).toBe(404);
      expect((await get(w.as.committee, `/api/Files/${fileId}/content`)).statusCode).toBe(200);
    });
  });
});
