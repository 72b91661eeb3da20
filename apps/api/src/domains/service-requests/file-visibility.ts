import { eq } from 'drizzle-orm';
import { hasStaffRole } from '@grove/shared';
import { serviceRequestEvents } from '../../db/schema.js';
import type { FileOwnership } from '../../modules/domain-module.js';
import { customerRecordFileVisible } from '../files/index.js';
import { EVENT_OWNER, REQUEST_OWNER } from './queries.js';

/**
 * Photos of a request and of its timeline entries: whoever sees the customer, except that photos
 * of an entry customer users may not read (an internal note) are staff-only — by the flag set when
 * attached and by the entry itself.
 */
export const requestFiles: FileOwnership = {
  ownerTypes: [REQUEST_OWNER, EVENT_OWNER],
  async canSeeFiles(db, user, file) {
    if (!(await customerRecordFileVisible(db, user, file))) return false;
    if (file.ownerType !== EVENT_OWNER || hasStaffRole(user.roles)) return true;
    const [event] = await db.select({ visibility: serviceRequestEvents.visibility }).from(serviceRequestEvents).where(eq(serviceRequestEvents.id, file.ownerId)).limit(1);
    return event !== undefined && event.visibility !== 'staff';
  },
};
