import type { LiveEventKind } from '../../modules/domain-module.js';
import { getRequestDetail } from './queries.js';

/** A request's status, assignment or timeline changed: whoever may open the request hears of it. */
export const SERVICE_REQUEST_CHANGED = 'service_request.changed';

export const serviceRequestLiveEvents: readonly LiveEventKind[] = [
  {
    type: SERVICE_REQUEST_CHANGED,
    async canReceive(db, user, event) {
      if (!event.subjectId) return false;
      // The detail's own rules (scope, customer-side visibility) decide, exactly as for the screen.
      return getRequestDetail(db, user, event.subjectId).then(
        () => true,
        () => false,
      );
    },
  },
];
