import { perLanguage } from '../../lib/i18n.js';
import type { MessageCatalogue, NotificationKindDefinition } from '../../modules/domain-module.js';

/*
 * Notification kinds of proposals (issue 12) and their texts. Who hears what: announcements.ts.
 * - proposal_sent: the customer's users allowed to see proposals, routed by the customer's
 *   settings (Property Managers and Board Members unless changed): a proposal or a new version of
 *   it was sent, or it was withdrawn.
 * - proposal_vote_requested: the board members of a new approval round (always: they must vote).
 * - proposal_board_decision: the customer's Property Managers: the board approved or rejected.
 * - proposal_customer_response: the account manager: the customer accepted or declined, or the
 *   board approved or rejected.
 */

export const PROPOSAL_KINDS = {
  sent: 'proposal_sent',
  voteRequested: 'proposal_vote_requested',
  boardDecision: 'proposal_board_decision',
  customerResponse: 'proposal_customer_response',
} as const;

export const proposalNotificationKinds: readonly NotificationKindDefinition[] = [
  {
    kind: PROPOSAL_KINDS.sent,
    audience: 'customer',
    onlyRoles: ['Property Manager', 'Board Member', 'Landscape Committee'],
    label: perLanguage('server/proposals:kinds.sent.label'),
    customerRouting: {
      defaultRoles: ['Property Manager', 'Board Member'],
      label: perLanguage('server/proposals:kinds.sent.customerRouting.label'),
    },
  },
  {
    kind: PROPOSAL_KINDS.voteRequested,
    audience: 'customer',
    onlyRoles: ['Board Member'],
    label: perLanguage('server/proposals:kinds.voteRequested.label'),
  },
  {
    kind: PROPOSAL_KINDS.boardDecision,
    audience: 'customer',
    onlyRoles: ['Property Manager'],
    label: perLanguage('server/proposals:kinds.boardDecision.label'),
  },
  {
    kind: PROPOSAL_KINDS.customerResponse,
    audience: 'staff',
    label: perLanguage('server/proposals:kinds.customerResponse.label'),
  },
];

export const PROPOSAL_MESSAGES = {
  'proposal.sent': perLanguage('server/proposals:messages.proposal.sent'),
  'proposal.revised': perLanguage('server/proposals:messages.proposal.revised'),
  'proposal.withdrawn': perLanguage('server/proposals:messages.proposal.withdrawn'),
  'proposal.voteRequested': perLanguage('server/proposals:messages.proposal.voteRequested'),
  'proposal.boardApproved': perLanguage('server/proposals:messages.proposal.boardApproved'),
  'proposal.boardRejected': perLanguage('server/proposals:messages.proposal.boardRejected'),
  'proposal.accepted': perLanguage('server/proposals:messages.proposal.accepted'),
  'proposal.declined': perLanguage('server/proposals:messages.proposal.declined'),
} as const satisfies Record<string, MessageCatalogue>;

export type ProposalMessageKey = keyof typeof PROPOSAL_MESSAGES;
