import { and, eq } from 'drizzle-orm';
import { hasStaffRole } from '@grove/shared';
import type { FileOwnership } from '../../modules/domain-module.js';
import { customerRecordFileVisible } from '../files/index.js';
import { KUDOS_OWNER } from './service.js';
import { kudos } from './tables.js';

/** A kudos photo: staff with the customer in scope, and the customer user who sent it. */
export const kudosFiles: FileOwnership = {
  ownerTypes: [KUDOS_OWNER],
  async canSeeFiles(db, user, file) {
    if (!(await customerRecordFileVisible(db, user, file))) return false;
    if (hasStaffRole(user.roles)) return true;
    const [row] = await db
      .select({ id: kudos.id })
      .from(kudos)
      .where(and(eq(kudos.id, file.ownerId), eq(kudos.senderId, user.id)))
      .limit(1);
    return row !== undefined;
  },
};
