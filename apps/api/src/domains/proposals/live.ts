import type { Db } from '../../db/client.js';
import type { LiveEventKind } from '../../modules/domain-module.js';
import { loadProposal } from './queries.js';

/** A proposal was sent, revised, signed, declined, withdrawn or voted on: whoever may open it hears of it. */
export const PROPOSAL_CHANGED = 'proposal.changed';

export const proposalLiveEvents: readonly LiveEventKind[] = [
  {
    type: PROPOSAL_CHANGED,
    async canReceive(db: Db, user, event) {
      if (!event.subjectId) return false;
      // The proposal's own rule: scope, viewer roles at the customer, never a draft for customer users.
      return loadProposal(db, user, event.subjectId).then(
        () => true,
        () => false,
      );
    },
  },
];
