import type { LiveEventKind } from '../../modules/domain-module.js';
import { loadReport } from './queries.js';

/** A report moved in its review or customer flow, or got a comment: whoever may open it hears of it. */
export const ORANGE_REPORT_CHANGED = 'orange_report.changed';

export const orangeReportLiveEvents: readonly LiveEventKind[] = [
  {
    type: ORANGE_REPORT_CHANGED,
    async canReceive(db, user, event) {
      if (!event.subjectId) return false;
      // The report's own rule: scope, drafts for their author, unpublished never to customers.
      return loadReport(db, user, event.subjectId).then(
        () => true,
        () => false,
      );
    },
  },
];
