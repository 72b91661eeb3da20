import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { hasStaffRole, parseRoles } from '@grove/shared';
import { customerTeam, customers, users } from '../../db/schema.js';
import { notify, type Notifier, type Recipient } from '../notifications/index.js';
import { messagingLinkCondition } from './policy.js';
import { messageThreadMembers, messages } from './tables.js';

/*
 * Who hears of a new message (their preferences may still mute the kind, in-app or by email):
 * - staff: the customer's account manager and team, and staff who wrote in the thread before
 *   (customer_message) — internal notes reach only them;
 * - customer users taking part in the thread who still hold a messaging role there (message_reply),
 *   never for an internal note.
 * The author never hears of their own message. The email carries the text (their language, a link).
 */

export interface PostedMessage {
  threadId: string;
  messageId: string;
  customerId: string;
  subject: string;
  text: string;
  internal: boolean;
  authorId: string;
  isNewThread: boolean;
}

/** Email and notification text: the message itself, shortened only when very long. */
const EXCERPT_MAX = 1500;

export function threadLink(threadId: string, customerId: string) {
  return (recipient: Recipient) =>
    recipient.isStaff ? `/message-center/messages/${threadId}/view` : `/customerView/${customerId}/messages/${threadId}/view`;
}

async function staffAudience(tx: Notifier, posted: PostedMessage): Promise<string[]> {
  const team = await tx.select({ id: customerTeam.userId }).from(customerTeam).where(eq(customerTeam.customerId, posted.customerId));
  const [customer] = await tx.select({ managerId: customers.accountManagerId }).from(customers).where(eq(customers.id, posted.customerId));
  const writers = await tx
    .select({ id: messages.authorId })
    .from(messages)
    .where(and(eq(messages.threadId, posted.threadId), ne(messages.id, posted.messageId)));
  const ids = new Set<string>([...team.map((row) => row.id), ...writers.map((row) => row.id).filter((id): id is string => id !== null)]);
  if (customer?.managerId) ids.add(customer.managerId);
  ids.delete(posted.authorId);
  if (ids.size === 0) return [];
  const rows = await tx.select({ id: users.id, roles: users.roles }).from(users).where(and(inArray(users.id, [...ids]), eq(users.active, true)));
  return rows.filter((row) => hasStaffRole(parseRoles(row.roles))).map((row) => row.id);
}

async function customerAudience(tx: Notifier, posted: PostedMessage): Promise<string[]> {
  const rows = await tx
    .select({ id: messageThreadMembers.userId })
    .from(messageThreadMembers)
    .innerJoin(users, eq(users.id, messageThreadMembers.userId))
    .where(
      and(
        eq(messageThreadMembers.threadId, posted.threadId),
        eq(messageThreadMembers.participant, true),
        ne(messageThreadMembers.userId, posted.authorId),
        messagingLinkCondition(messageThreadMembers.userId, sql`${posted.customerId}::uuid`),
      ),
    );
  return rows.map((row) => row.id);
}

/** Notifications (and their emails) for a message just written, in its transaction. */
export async function announceMessage(tx: Notifier, posted: PostedMessage): Promise<void> {
  const [author] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, posted.authorId));
  const text = posted.text.length > EXCERPT_MAX ? `${posted.text.slice(0, EXCERPT_MAX - 1)}…` : posted.text;
  const params = { actor: `${author?.firstName ?? ''} ${author?.lastName ?? ''}`.trim(), subject: posted.subject, excerpt: text };
  const link = threadLink(posted.threadId, posted.customerId);
  await notify(tx, {
    userIds: await staffAudience(tx, posted),
    type: 'customer_message',
    titleKey: posted.internal ? 'message.internalNote' : 'message.new',
    params,
    link,
    customerId: posted.customerId,
  });
  if (!posted.internal) {
    await notify(tx, { userIds: await customerAudience(tx, posted), type: 'message_reply', titleKey: 'message.new', params, link, customerId: posted.customerId });
  }
}
