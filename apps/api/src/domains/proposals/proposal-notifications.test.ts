import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProposalDetail } from '@grove/shared';
import { customerSettings, notifications, outbox, users } from '../../db/schema.js';
import type { SignedIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { createProposalWorld, makeProposal, type ProposalWorld } from './test-world.js';

/*
 * Issue 12: who hears about a proposal. Each case starts from a clean notification table and
 * checks the exact set of people notified (in the app and by email, in their language).
 */
describe(`proposal notifications (${dbKind})`, () => {
  let ctx: TestContext;
  let w: ProposalWorld;

  beforeAll(async () => {
    ctx = await createTestContext();
    w = await createProposalWorld(ctx);
    await ctx.database.db.update(users).set({ language: 'de' }).where(eq(users.id, w.users.propertyManager.id));
  }, 180_000);
  afterAll(async () => {
    await ctx.close();
  });

  const post = (as: SignedIn, url: string, payload?: object) => ctx.app.inject({ method: 'POST', url, headers: as, ...(payload ? { payload } : {}) });
  const accept = (as: SignedIn, p: ProposalDetail) => post(as, `/api/Proposals/${p.id}/accept`, { version: p.version, signerName: 'Paula Tester', consent: true });
  const setRule = (rule: { thresholdCents: number; requiredApprovals: number } | null) =>
    ctx.app.inject({ method: 'PUT', url: `/api/Proposals/approval-rules/${w.customer.id}`, headers: w.as.manager, payload: { rule } });

  const clear = async () => {
    await ctx.database.db.delete(notifications);
    await ctx.database.db.delete(outbox);
  };
  /** Who got a notification of this kind about this proposal, by person key. */
  const recipients = async (p: { number: string }, type: string) => {
    const rows = await ctx.database.db.select().from(notifications).where(eq(notifications.type, type));
    const ids = new Set(rows.filter((row) => (row.params as { number?: string }).number === p.number).map((row) => row.userId));
    return Object.entries(w.users)
      .filter(([, user]) => ids.has(user.id))
      .map(([key]) => key)
      .sort();
  };
  const allFor = async (p: { number: string }) => {
    const rows = await ctx.database.db.select().from(notifications);
    return rows.filter((row) => (row.params as { number?: string }).number === p.number);
  };

  it('sent → the property manager and board members (in-app and email, their language, a link), nobody else', async () => {
    await setRule(null);
    await clear();
    const p = await makeProposal(ctx, w, { send: true });
    expect(await recipients(p, 'proposal_sent')).toEqual(['board1', 'board2', 'board3', 'propertyManager']);
    expect((await allFor(p)).every((row) => row.type === 'proposal_sent')).toBe(true);
    const [paula] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, w.users.propertyManager.id), eq(notifications.type, 'proposal_sent')));
    expect(paula).toMatchObject({ messageKey: 'proposal.sent', link: `/customerView/${w.customer.id}/proposals?open=${p.id}` });
    expect(paula!.params).toMatchObject({ number: p.number, total: '$1,200.00', customer: 'Willow Creek HOA' });
    const mails = (await ctx.database.db.select().from(outbox).where(eq(outbox.topic, 'notification-email'))).map((row) => row.payload as { to: string; language: string; type: string });
    const paulaMail = mails.find((mail) => mail.to === w.users.propertyManager.email && mail.type === 'proposal_sent');
    expect(paulaMail?.language).toBe('de');
    expect(mails.filter((mail) => mail.type === 'proposal_sent').map((mail) => mail.to).sort()).toEqual(
      [w.users.propertyManager, w.users.board1, w.users.board2, w.users.board3].map((u) => u.email).sort(),
    );
  });

  it('the customer settings decide which roles hear of sent proposals, never residents', async () => {
    const route = (roles: string[]) =>
      ctx.database.db
        .insert(customerSettings)
        .values({ customerId: w.customer.id, notificationRoles: { proposal_sent: roles } })
        .onConflictDoUpdate({ target: customerSettings.customerId, set: { notificationRoles: { proposal_sent: roles } } });
    await route(['Property Manager', 'Landscape Committee', 'Resident']);
    await clear();
    const p = await makeProposal(ctx, w, { send: true });
    expect(await recipients(p, 'proposal_sent')).toEqual(['committee', 'propertyManager']);
    await route(['Property Manager', 'Board Member']);
  });

  it('accepted below the threshold or declined → the account manager only', async () => {
    await setRule(null);
    const a = await makeProposal(ctx, w, { send: true });
    const d = await makeProposal(ctx, w, { send: true });
    await clear();
    expect((await accept(w.as.propertyManager, a)).statusCode).toBe(200);
    expect((await post(w.as.board1, `/api/Proposals/${d.id}/decline`, { reason: 'Too early in the season' })).statusCode).toBe(200);
    expect(await recipients(a, 'proposal_customer_response')).toEqual(['manager']);
    expect(await recipients(d, 'proposal_customer_response')).toEqual(['manager']);
    expect((await allFor(a)).map((row) => [row.messageKey, row.link])).toEqual([['proposal.accepted', `/customers/${w.customer.id}/proposals?open=${a.id}`]]);
    const [declined] = await allFor(d);
    expect(declined).toMatchObject({ messageKey: 'proposal.declined', params: { reason: 'Too early in the season' } });
  });

  it('a round → its board members; reached → account manager and property manager', async () => {
    await setRule({ thresholdCents: 50000, requiredApprovals: 2 });
    const p = await makeProposal(ctx, w, { send: true });
    await clear();
    expect((await accept(w.as.propertyManager, p)).statusCode).toBe(200);
    expect(await recipients(p, 'proposal_vote_requested')).toEqual(['board1', 'board2', 'board3']);
    expect((await allFor(p)).length).toBe(3);
    await clear();
    await post(w.as.board1, `/api/Proposals/${p.id}/vote`, { vote: 'approve' });
    expect(await allFor(p)).toEqual([]);
    await post(w.as.board2, `/api/Proposals/${p.id}/vote`, { vote: 'approve' });
    expect(await recipients(p, 'proposal_customer_response')).toEqual(['manager']);
    expect(await recipients(p, 'proposal_board_decision')).toEqual(['propertyManager']);
    expect(new Set((await allFor(p)).map((row) => row.messageKey))).toEqual(new Set(['proposal.boardApproved']));
  });

  it('failed → account manager and property manager hear it was rejected', async () => {
    await setRule({ thresholdCents: 50000, requiredApprovals: 2 });
    const p = await makeProposal(ctx, w, { send: true });
    expect((await accept(w.as.propertyManager, p)).statusCode).toBe(200);
    await clear();
    await post(w.as.board1, `/api/Proposals/${p.id}/vote`, { vote: 'reject' });
    await post(w.as.board2, `/api/Proposals/${p.id}/vote`, { vote: 'reject' });
    expect(await recipients(p, 'proposal_customer_response')).toEqual(['manager']);
    expect(await recipients(p, 'proposal_board_decision')).toEqual(['propertyManager']);
    const rows = await ctx.database.db.select().from(notifications).where(inArray(notifications.type, ['proposal_customer_response', 'proposal_board_decision']));
    expect(rows.every((row) => row.messageKey === 'proposal.boardRejected')).toBe(true);
  });
});
