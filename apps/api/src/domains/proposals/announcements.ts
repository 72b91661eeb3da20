import type { Tx } from '../../db/client.js';
import type { LoadedProposal } from './queries.js';

export type ProposalEvent = 'sent' | 'revised' | 'withdrawn' | 'declined' | 'accepted' | 'approvalStarted' | 'boardRejected';

export interface Announcement {
  event: ProposalEvent;
  loaded: LoadedProposal;
  title: string;
  actorId: string;
  /** The board members of a new approval round. */
  voterIds?: readonly string[];
}

/**
 * Who hears about a proposal change, written in the change's transaction. The notification kinds
 * and texts arrive with the module manifest's notification hook; until then this records nothing.
 */
export async function announce(_tx: Tx, _announcement: Announcement): Promise<void> {}
