import { and, eq, sql } from 'drizzle-orm';
import { CURRENCY, PROPOSAL_VIEWER_ROLES } from '@grove/shared';
import type { Tx } from '../../db/client.js';
import { customerUsers, users } from '../../db/schema.js';
import { customerUsersReceiving, notify, type Recipient } from '../notifications/index.js';
import { PROPOSAL_KINDS as KINDS, type ProposalMessageKey } from './notifications.js';
import { publishLiveEvent } from '../../live/publish.js';
import { PROPOSAL_CHANGED } from './live.js';
import type { LoadedProposal } from './queries.js';

export type ProposalEvent = 'sent' | 'revised' | 'withdrawn' | 'declined' | 'accepted' | 'approvalStarted' | 'boardRejected';

export interface Announcement {
  event: ProposalEvent;
  loaded: LoadedProposal;
  title: string;
  /** The amount at stake: the version's total, or the chosen alternative's once signed. */
  totalCents: number;
  actorId: string;
  /** The board members of a new approval round. */
  voterIds?: readonly string[];
  /** `accepted` by the board's quorum rather than by a signature below the threshold. */
  byBoard?: boolean;
  /** The decline reason. */
  reason?: string;
}

/*
 * Who hears about a proposal change (issue 12), written in the change's transaction (notify writes
 * the outbox; preferences may still mute a kind per person):
 * - sent, revised, withdrawn → the customer's users who may see proposals and whose role the
 *   customer's settings route proposal_sent to (Property Managers and Board Members by default);
 * - approval round started → the round's board members (proposal_vote_requested);
 * - accepted or declined → the account manager (proposal_customer_response);
 * - round reached or failed → the account manager and the customer's Property Managers
 *   (proposal_board_decision).
 * Nobody hears about their own action; nobody hears about drafts.
 */

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY });
const EXCERPT = 200;

export function proposalLink(proposal: { id: string; customerId: string }) {
  return (recipient: Recipient) =>
    recipient.isStaff ? `/customers/${proposal.customerId}/proposals?open=${proposal.id}` : `/customerView/${proposal.customerId}/proposals?open=${proposal.id}`;
}

const others = (ids: readonly (string | null)[], actorId: string) => [...new Set(ids.filter((id): id is string => id !== null && id !== actorId))];

/** Active users of the customer holding one of `roles` there. */
async function customerUsersWith(tx: Tx, customerId: string, roles: readonly string[]): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id, roles: customerUsers.roles })
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .where(and(eq(customerUsers.customerId, customerId), eq(customerUsers.status, 'active'), eq(users.active, true)))
    .orderBy(sql`${users.id}`);
  return rows.filter((row) => row.roles.some((role) => roles.includes(role))).map((row) => row.id);
}

export async function announce(tx: Tx, a: Announcement): Promise<void> {
  const { proposal, customerName, accountManagerId } = a.loaded;
  // Open screens of the proposal refresh themselves (live/hub.ts decides who may hear of it).
  await publishLiveEvent(tx, { type: PROPOSAL_CHANGED, customerId: proposal.customerId, subject: { type: 'proposal', id: proposal.id } });
  const [actor] = await tx.select({ name: sql<string>`trim(concat_ws(' ', ${users.firstName}, ${users.lastName}))` }).from(users).where(eq(users.id, a.actorId));
  const reason = a.reason && a.reason.length > EXCERPT ? `${a.reason.slice(0, EXCERPT - 1)}…` : (a.reason ?? '');
  const send = (userIds: string[], kind: string, key: ProposalMessageKey) =>
    notify(tx, {
      userIds,
      type: kind,
      titleKey: key,
      params: { number: proposal.number, title: a.title, customer: customerName, actor: actor?.name ?? '', total: money.format(a.totalCents / 100), reason },
      link: proposalLink(proposal),
      customerId: proposal.customerId,
    });
  const accountManager = others([accountManagerId], a.actorId);

  switch (a.event) {
    case 'sent':
    case 'revised':
    case 'withdrawn': {
      const viewers = new Set(await customerUsersWith(tx, proposal.customerId, PROPOSAL_VIEWER_ROLES));
      const routed = (await customerUsersReceiving(tx, proposal.customerId, KINDS.sent)).filter((id) => viewers.has(id));
      return send(others(routed, a.actorId), KINDS.sent, a.event === 'sent' ? 'proposal.sent' : a.event === 'revised' ? 'proposal.revised' : 'proposal.withdrawn');
    }
    case 'approvalStarted':
      return send(others(a.voterIds ?? [], a.actorId), KINDS.voteRequested, 'proposal.voteRequested');
    case 'declined':
      return send(accountManager, KINDS.customerResponse, 'proposal.declined');
    case 'accepted':
      if (!a.byBoard) return send(accountManager, KINDS.customerResponse, 'proposal.accepted');
      await send(accountManager, KINDS.customerResponse, 'proposal.boardApproved');
      return send(others(await customerUsersWith(tx, proposal.customerId, ['Property Manager']), a.actorId), KINDS.boardDecision, 'proposal.boardApproved');
    case 'boardRejected':
      await send(accountManager, KINDS.customerResponse, 'proposal.boardRejected');
      return send(others(await customerUsersWith(tx, proposal.customerId, ['Property Manager']), a.actorId), KINDS.boardDecision, 'proposal.boardRejected');
  }
}
