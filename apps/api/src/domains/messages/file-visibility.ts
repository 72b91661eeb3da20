import { and, eq } from 'drizzle-orm';
import { hasStaffRole } from '@grove/shared';
import type { FileOwnership } from '../../modules/domain-module.js';
import { customerRecordFileVisible } from '../files/index.js';
import { visibleThreadCondition } from './policy.js';
import { MESSAGE_OWNER } from './service.js';
import { messageThreads, messages } from './tables.js';

/**
 * Attachments of a message: staff who have the customer in scope (internal notes' files are
 * attached staff-only); customer users only when they may read the thread (a participant with a
 * messaging role at the customer) and the message is not an internal note. Other users of the same
 * customer — a resident, a tenant — get 404, as for the thread itself.
 */
export const messageFiles: FileOwnership = {
  ownerTypes: [MESSAGE_OWNER],
  async canSeeFiles(db, user, file) {
    if (!(await customerRecordFileVisible(db, user, file))) return false;
    if (hasStaffRole(user.roles)) return true;
    const [row] = await db
      .select({ id: messages.id })
      .from(messages)
      .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
      .where(and(eq(messages.id, file.ownerId), eq(messages.internal, false), visibleThreadCondition(user)))
      .limit(1);
    return row !== undefined;
  },
};
