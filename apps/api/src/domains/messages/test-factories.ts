import { messageThreadMembers, messageThreads, messages } from './tables.js';
import type { Db } from '../../db/client.js';

/** Test data: a thread of a customer with one message, written straight to the database (no notifications). */
export async function createMessageThread(
  db: Db,
  values: { customerId: string; authorId: string; participantIds?: readonly string[]; subject?: string; text?: string; internal?: boolean },
): Promise<{ id: string }> {
  const [thread] = await db
    .insert(messageThreads)
    .values({ customerId: values.customerId, subject: values.subject ?? 'Test conversation', createdById: values.authorId })
    .returning({ id: messageThreads.id });
  await db.insert(messages).values({ threadId: thread!.id, authorId: values.authorId, body: values.text ?? 'Hello', internal: values.internal ?? false });
  const ids = [...new Set(values.participantIds ?? [])];
  if (ids.length > 0) await db.insert(messageThreadMembers).values(ids.map((userId) => ({ threadId: thread!.id, userId, participant: true })));
  return thread!;
}
