import { and, eq } from 'drizzle-orm';
import type { LiveEventKind } from '../../modules/domain-module.js';
import { visibleThreadCondition } from './policy.js';
import { messageThreads } from './tables.js';

/** A message (or internal note, `staffOnly`) was written in a thread: readers of that thread hear of it. */
export const MESSAGE_CREATED = 'message.created';

export const messageLiveEvents: readonly LiveEventKind[] = [
  {
    type: MESSAGE_CREATED,
    async canReceive(db, user, event) {
      if (!event.subjectId) return false;
      const [row] = await db
        .select({ id: messageThreads.id })
        .from(messageThreads)
        .where(and(eq(messageThreads.id, event.subjectId), visibleThreadCondition(user)))
        .limit(1);
      return Boolean(row);
    },
  },
];
