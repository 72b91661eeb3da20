import { eq } from 'drizzle-orm';
import { hasStaffRole } from '@grove/shared';
import type { FileOwnership } from '../../modules/domain-module.js';
import { customerRecordFileVisible } from '../files/index.js';
import { OCCURRENCE_PHOTO_OWNER } from './plan-service.js';
import { planOccurrences, plans } from './tables.js';

/** Photos of a recorded visit: whoever sees the customer, but customer users only once the plan is published. */
export const planFiles: FileOwnership = {
  ownerTypes: [OCCURRENCE_PHOTO_OWNER],
  async canSeeFiles(db, user, file) {
    if (!(await customerRecordFileVisible(db, user, file))) return false;
    if (hasStaffRole(user.roles)) return true;
    const [row] = await db
      .select({ status: plans.status })
      .from(planOccurrences)
      .innerJoin(plans, eq(plans.id, planOccurrences.planId))
      .where(eq(planOccurrences.id, file.ownerId))
      .limit(1);
    return row !== undefined && row.status !== 'draft';
  },
};
