import { and, eq, or, sql } from 'drizzle-orm';
import { hasStaffRole } from '@grove/shared';
import { customerTeam, customerUsers, customers } from '../../db/schema.js';
import type { FileOwnership } from '../../modules/domain-module.js';
import { STAFF_PHOTO_OWNER } from './service.js';

/**
 * A staff photo: every staff member (team directory), and customer-side users of a customer whose
 * Grove team the person is on (account manager or team member) — they see their team with photos
 * (issue 14, kudos). Anyone else: not found.
 */
export const staffPhotoFiles: FileOwnership = {
  ownerTypes: [STAFF_PHOTO_OWNER],
  async canSeeFiles(db, user, file) {
    if (hasStaffRole(user.roles)) return true;
    const [row] = await db
      .select({ customerId: customerUsers.customerId })
      .from(customerUsers)
      .innerJoin(customers, eq(customers.id, customerUsers.customerId))
      .where(
        and(
          eq(customerUsers.userId, user.id),
          eq(customerUsers.status, 'active'),
          or(
            eq(customers.accountManagerId, file.ownerId),
            sql`exists (select 1 from ${customerTeam} ct where ct.customer_id = ${customers.id} and ct.user_id = ${file.ownerId})`,
          ),
        ),
      )
      .limit(1);
    return row !== undefined;
  },
};
