import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { publishLiveEvent } from '../../live/publish.js';
import { hasStaffRole, parseRoles, type Language, type Notification, type Page } from '@grove/shared';
import { pageOffset } from '../../lib/paging.js';
import type { Db } from '../../db/client.js';
import { notifications, users } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { toLanguage } from '../../mail/language.js';
import { writeOutbox } from '../../outbox/write.js';
import { notificationEmailTopic, type NotificationEmail } from './email-topic.js';
import { notificationKind } from '../../modules/catalog.js';
import { isMessageKey, renderMessage, type MessageKey, type MessageParams } from './messages.js';
import { choicesFor } from './preferences.js';

/** A user about to be notified, as the link builder sees them. */
export interface Recipient {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  language: Language;
  roles: string[];
  isStaff: boolean;
}

export interface NotifyInput {
  /** Duplicates, inactive users and unknown ids are dropped. */
  userIds: readonly string[];
  /** The notification kind (a module's `notificationKinds`): what preferences are checked against. */
  type: string;
  /** Key of a module's `notificationMessages`: the title and text. */
  titleKey: MessageKey;
  params: MessageParams;
  /** In-app path; a function chooses per recipient (staff and customer users have different views). */
  link: string | null | ((recipient: Recipient) => string | null);
  /** The customer the notification is about: its managers' choices for each membership apply. */
  customerId?: string | null;
}

/** A transaction that notifies: reads recipients, writes notifications and the outbox. */
export type Notifier = Pick<Db, 'select' | 'insert' | 'execute'>;

/**
 * Stores a notification for each recipient whose settings keep this kind in the notification
 * centre, and queues an email (outbox) for those who keep email on. Call it inside the transaction
 * that makes the change: a rolled back change notifies no one, a committed one is emailed even if
 * the process dies right after.
 */
/** A notification row was written for the listed users. */
export const NOTIFICATION_CREATED = 'notification.created';

export async function notify(tx: Notifier, input: NotifyInput): Promise<void> {
  // A kind or text no module declares is a programming error: fail the change, not the reader.
  if (!notificationKind(input.type)) throw new Error(`notify: no module declares the notification kind "${input.type}"`);
  if (!isMessageKey(input.titleKey)) throw new Error(`notify: no module declares the notification message "${input.titleKey}"`);
  const ids = [...new Set(input.userIds)];
  if (ids.length === 0) return;
  const rows = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
      roles: users.roles,
    })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.active, true)));
  const recipients: Recipient[] = rows.map((row) => {
    const roles = parseRoles(row.roles);
    return { ...row, language: toLanguage(row.language), roles, isStaff: hasStaffRole(roles) };
  });
  const choices = await choicesFor(tx, recipients, input.type, input.customerId);
  const stored: (typeof notifications.$inferInsert)[] = [];
  const emails: NotificationEmail[] = [];
  for (const recipient of recipients) {
    const choice = choices.get(recipient.id)!;
    const link = typeof input.link === 'function' ? input.link(recipient) : input.link;
    if (choice.inApp) {
      stored.push({ userId: recipient.id, type: input.type, messageKey: input.titleKey, params: input.params, link });
    }
    if (choice.email) {
      emails.push({
        to: recipient.email,
        name: recipient.firstName || recipient.email,
        language: recipient.language,
        type: input.type,
        titleKey: input.titleKey,
        params: input.params,
        link,
      });
    }
  }
  if (stored.length > 0) {
    await tx.insert(notifications).values(stored);
    // The bell of each recipient updates at once (live/hub.ts); the event carries no content.
    await publishLiveEvent(tx, { type: NOTIFICATION_CREATED, userIds: stored.map((row) => row.userId) });
  }
  await writeOutbox(tx, notificationEmailTopic, ...emails);
}

type NotificationRow = typeof notifications.$inferSelect;

function toNotification(row: NotificationRow, language: Language): Notification {
  const { title, text } = renderMessage(row.messageKey, row.params, language);
  return {
    id: row.id,
    type: row.type,
    title,
    text,
    link: row.link,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listNotifications(
  db: Db,
  user: { id: string; language: string },
  query: { page: number; pageSize: number; unread: boolean },
): Promise<Page<Notification>> {
  const where = and(eq(notifications.userId, user.id), query.unread ? isNull(notifications.readAt) : undefined);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  const language = toLanguage(user.language);
  return { data: rows.map((row) => toNotification(row, language)), total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.total ?? 0;
}

/** Marks one of the user's own notifications read (404 for anyone else's); reading twice keeps the first time. */
export async function markRead(db: Db, user: { id: string; language: string }, id: string): Promise<Notification> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, user.id)))
    .returning();
  if (!row) throw notFound();
  return toNotification(row, toLanguage(user.language));
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
