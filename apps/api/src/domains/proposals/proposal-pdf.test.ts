import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProposalDetail } from '@grove/shared';
import { users } from '../../db/schema.js';
import { createUser, signIn } from '../../test/factories.js';
import { pdfText } from '../../test/pdf-text.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { createProposalWorld, makeProposal, type ProposalWorld } from './test-world.js';

describe(`proposal PDF (${dbKind})`, () => {
  let ctx: TestContext;
  let w: ProposalWorld;

  beforeAll(async () => {
    ctx = await createTestContext({ COMPANY_NAME: 'Evergreen Grounds LLC', COMPANY_ADDRESS: '9 Fern Road|Austin, TX 78701', COMPANY_TAX_ID: 'EIN 98-7654321' });
    w = await createProposalWorld(ctx);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const pdfOf = async (as: Record<string, string>, id: string, query = '') => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/Proposals/${id}/pdf${query}`, headers: as });
    return { response, ...(response.statusCode === 200 ? await pdfText(response.rawPayload) : { pages: [], text: '', title: null }) };
  };

  it('a signed proposal has a signature page with the record and the board’s votes', async () => {
    await ctx.app.inject({ method: 'PUT', url: `/api/Proposals/approval-rules/${w.customer.id}`, headers: w.as.manager, payload: { rule: { thresholdCents: 50000, requiredApprovals: 2 } } });
    const p = await makeProposal(ctx, w, { send: true });
    await ctx.app.inject({ method: 'POST', url: `/api/Proposals/${p.id}/accept`, headers: w.as.propertyManager, payload: { version: 1, signerName: 'Paula Tester', consent: true } });
    await ctx.app.inject({ method: 'POST', url: `/api/Proposals/${p.id}/vote`, headers: w.as.board1, payload: { vote: 'approve' } });
    const done = await ctx.app.inject({ method: 'POST', url: `/api/Proposals/${p.id}/vote`, headers: w.as.board2, payload: { vote: 'approve' } });
    const detail = done.json<ProposalDetail>();
    expect(detail.status).toBe('accepted');

    const { response, pages, text, title } = await pdfOf(w.as.propertyManager, p.id);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${p.number}-v1-signed.pdf"`);
    expect(title).toBe(`Proposal ${p.number}`);
    expect(text).toContain('Evergreen Grounds LLC');
    expect(text).toContain('Austin, TX 78701');
    expect(text).toContain('Willow Creek HOA');
    expect(text).toContain('Hardwood mulch, installed');
    expect(text).toContain('$1,200.00');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const signaturePage = pages.at(-1)!;
    expect(signaturePage).toContain('Electronic signature');
    expect(signaturePage).toContain('Paula Tester');
    // The 64-digit hash may wrap anywhere in the value column (digit widths differ), so compare without white space.
    expect(signaturePage.replace(/\s+/g, '')).toContain(detail.signature!.contentSha256);
    expect(signaturePage).toContain('Board approval');
    expect(signaturePage).toContain('Approved by the board');
    // Customer users get no IP address in the record; staff do.
    expect(signaturePage).not.toContain('IP address');
    const staffCopy = await pdfOf(w.as.manager, p.id);
    expect(staffCopy.pages.at(-1)).toContain('IP address');
  });

  it('an unsigned proposal has no signature page; drafts are not served to customer users', async () => {
    const draft = await makeProposal(ctx, w);
    expect((await pdfOf(w.as.propertyManager, draft.id)).response.statusCode).toBe(404);
    const staff = await pdfOf(w.as.manager, draft.id);
    expect(staff.response.statusCode).toBe(200);
    expect(staff.text).not.toContain('Electronic signature');
    expect(staff.response.headers['content-disposition']).toBe(`inline; filename="${draft.number}-v1.pdf"`);
  });

  it('is written in the reader’s language, Chinese and Japanese included', async () => {
    const p = await makeProposal(ctx, w, { send: true, values: { title: '春季覆盖物更新' } });
    await ctx.database.db.update(users).set({ language: 'zh' }).where(eq(users.id, w.users.committee.id));
    const zh = await pdfOf(w.as.committee, p.id);
    expect(zh.text).toContain('提案');
    expect(zh.text).toContain('春季覆盖物更新');
    expect(zh.text).toContain('工作范围');
    await ctx.database.db.update(users).set({ language: 'ja' }).where(eq(users.id, w.users.committee.id));
    expect((await pdfOf(w.as.committee, p.id)).text).toContain('提案書');
    await ctx.database.db.update(users).set({ language: 'de' }).where(eq(users.id, w.users.committee.id));
    const de = await pdfOf(w.as.committee, p.id);
    expect(de.text).toContain('Angebot');
    expect(de.text).toContain('1.200,00');
  });

  // Runs last: it saves company details for the whole test database.
  it('uses the company details a System Admin saved, not the install defaults', async () => {
    const admin = await signIn(ctx, await createUser(ctx, { roles: ['System Admin'], firstName: 'Sam', lastName: 'Admin' }));
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/CompanySettings',
      headers: admin,
      payload: { name: 'Grove Landscape Partners', addressLines: ['12 Elm Street', 'Marietta, GA 30060'], taxId: 'EIN 12-3456789' },
    });
    expect(saved.statusCode).toBe(200);
    const p = await makeProposal(ctx, w, { send: true });
    const { text } = await pdfOf(w.as.propertyManager, p.id);
    expect(text).toContain('Grove Landscape Partners');
    expect(text).toContain('Marietta, GA 30060');
    expect(text).not.toContain('Evergreen Grounds LLC');
  });
});
