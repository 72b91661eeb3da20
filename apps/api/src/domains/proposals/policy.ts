import { and, eq } from 'drizzle-orm';
import {
  PROPOSAL_SIGNER_ROLES,
  PROPOSAL_VIEWER_ROLES,
  PROPOSAL_VOTER_ROLES,
  hasStaffRole,
  type ProposalAction,
  type ProposalStatus,
} from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerUsers } from '../../db/schema.js';
import type { AuthUser } from '../../http/authenticate.js';
import { conflict, forbidden } from '../../http/errors.js';

/*
 * Who may do what to a proposal the caller can already see (scope and visibility are checked when
 * loading it: out of scope, a draft for a customer user, or a customer user whose roles at this
 * customer do not include a viewer role → 404).
 * - Staff in scope: write drafts, send, revise, withdraw, delete drafts.
 * - Property Managers and Board Members of the customer: accept (sign) or decline a sent proposal.
 * - Board Members named in an open approval round: vote once.
 * Never allowed → 403; allowed but not in this status → 409 with the reason.
 */

export interface Viewer {
  id: string;
  staff: boolean;
  /** The caller's roles at the proposal's customer (decision 007: per-customer roles). */
  customerRoles: readonly string[];
}

export interface ProposalFacts {
  status: ProposalStatus;
  validUntil: string;
  /** The open approval round, if any: its voters and who has voted. */
  round: { voterIds: readonly string[]; votedIds: readonly string[] } | null;
}

type Caller = Pick<AuthUser, 'id' | 'roles'>;

export async function viewerAt(db: Pick<Db, 'select'>, user: Caller, customerId: string): Promise<Viewer> {
  if (hasStaffRole(user.roles)) return { id: user.id, staff: true, customerRoles: [] };
  const [link] = await db
    .select({ roles: customerUsers.roles })
    .from(customerUsers)
    .where(and(eq(customerUsers.customerId, customerId), eq(customerUsers.userId, user.id), eq(customerUsers.status, 'active')));
  return { id: user.id, staff: false, customerRoles: link?.roles ?? [] };
}

const holds = (viewer: Viewer, roles: readonly string[]) => viewer.customerRoles.some((role) => roles.includes(role));

export function canSeeProposals(viewer: Viewer): boolean {
  return viewer.staff || holds(viewer, PROPOSAL_VIEWER_ROLES);
}

const STAFF_ACTIONS: ReadonlySet<ProposalAction> = new Set(['edit', 'send', 'revise', 'withdraw', 'delete']);

function permitted(viewer: Viewer, action: ProposalAction): boolean {
  if (STAFF_ACTIONS.has(action)) return viewer.staff;
  if (action === 'vote') return holds(viewer, PROPOSAL_VOTER_ROLES);
  return holds(viewer, PROPOSAL_SIGNER_ROLES);
}

/** Today's date (UTC) as `YYYY-MM-DD`, for the valid-until check. */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const STATUS_WORDS: Record<ProposalStatus, string> = {
  draft: 'a draft',
  sent: 'sent',
  viewed: 'viewed',
  pending_approval: 'awaiting board approval',
  accepted: 'accepted',
  declined: 'declined',
  rejected: 'rejected by the board',
  expired: 'expired',
  withdrawn: 'withdrawn',
};

function stateProblem(viewer: Viewer, facts: ProposalFacts, action: ProposalAction, now: Date): string | null {
  const is = (...statuses: ProposalStatus[]) => statuses.includes(facts.status);
  const word = STATUS_WORDS[facts.status];
  switch (action) {
    case 'edit':
    case 'send':
    case 'delete':
      return is('draft') ? null : `Only a draft can be changed this way; this proposal is ${word}.`;
    case 'revise':
      return is('sent', 'viewed', 'declined', 'expired') ? null : `A proposal that is ${word} cannot be revised.`;
    case 'withdraw':
      return is('sent', 'viewed', 'pending_approval') ? null : `A proposal that is ${word} cannot be withdrawn.`;
    case 'accept':
    case 'decline':
      if (!is('sent', 'viewed')) return `This proposal is ${word}; it can no longer be ${action === 'accept' ? 'accepted' : 'declined'}.`;
      if (action === 'accept' && facts.validUntil < today(now)) return `This proposal expired on ${facts.validUntil}.`;
      return null;
    case 'vote':
      if (!is('pending_approval') || !facts.round) return `This proposal is ${word}; there is no approval round to vote in.`;
      if (!facts.round.voterIds.includes(viewer.id)) return 'Only the board members of this approval round can vote.';
      if (facts.round.votedIds.includes(viewer.id)) return 'You have already voted on this proposal.';
      return null;
  }
}

export function assertMay(viewer: Viewer, facts: ProposalFacts, action: ProposalAction, now = new Date()): void {
  if (!permitted(viewer, action)) throw forbidden('You cannot do this to this proposal');
  const problem = stateProblem(viewer, facts, action, now);
  if (problem) throw conflict(problem);
}

export function allowedActions(viewer: Viewer, facts: ProposalFacts, now = new Date()): ProposalAction[] {
  const all: ProposalAction[] = ['edit', 'send', 'revise', 'withdraw', 'delete', 'accept', 'decline', 'vote'];
  return all.filter((action) => permitted(viewer, action) && stateProblem(viewer, facts, action, now) === null);
}

/** Whether the caller has something to do about it (customer lists show these first). */
export function awaitsViewer(viewer: Viewer, facts: ProposalFacts, now = new Date()): boolean {
  if (viewer.staff) return false;
  return allowedActions(viewer, facts, now).some((action) => action === 'accept' || action === 'vote');
}
