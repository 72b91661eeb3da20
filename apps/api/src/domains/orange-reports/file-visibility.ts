import type { FileOwnership } from '../../modules/domain-module.js';
import { loadReport } from './queries.js';
import { REPORT_FILE_OWNER } from './service.js';

/**
 * Photos of a report are seen by whoever may read the report itself (queries.loadReport): never a
 * customer user before approval, never another crew's draft. The `staffOnly` flag set while the
 * report is unpublished (and cleared on approval) is a second lock on the same door.
 */
export const reportFiles: FileOwnership = {
  ownerTypes: [REPORT_FILE_OWNER],
  async canSeeFiles(db, user, file) {
    try {
      await loadReport(db, user, file.ownerId);
      return true;
    } catch {
      return false;
    }
  },
};
