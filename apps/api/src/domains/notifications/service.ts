import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hasStaffRole, parseRoles, type Language, type Notification, type Page } from '@grove/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { notifications, users } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { toLanguage } from '../../mail/language.js';
import { renderEmail } from '../../mail/layout.js';
import type { Mailer } from '../../mail/mailer.js';
import { EMAIL_COPY, renderMessage, type MessageKey, type MessageParams } from './messages.js';
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
  /** The notification kind (NOTIFICATION_KINDS): what preferences are checked against. */
  type: string;
  /** Key of MESSAGES: the title and text. */
  titleKey: MessageKey;
  params: MessageParams;
  /** In-app path; a function chooses per recipient (staff and customer users have different views). */
  link: string | null | ((recipient: Recipient) => string | null);
}

/** An email decided inside the transaction and sent after it commits. */
export interface NotificationEmail {
  to: string;
  name: string;
  language: Language;
  type: string;
  titleKey: MessageKey;
  params: MessageParams;
  link: string | null;
}

/**
 * Stores a notification for each recipient whose settings keep this kind in the notification
 * centre, and returns the emails to send for those who keep email on. Call it inside the
 * transaction that makes the change, then `deliverNotificationEmails` after the commit, so a rolled
 * back change never emails anyone.
 */
export async function notify(tx: Pick<Db, 'select' | 'insert'>, input: NotifyInput): Promise<NotificationEmail[]> {
  const ids = [...new Set(input.userIds)];
  if (ids.length === 0) return [];
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
  const choices = await choicesFor(tx, recipients, input.type);
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
  if (stored.length > 0) await tx.insert(notifications).values(stored);
  return emails;
}

/** Sends notification emails through the platform outbox, each in its recipient's language. */
export async function deliverNotificationEmails(
  deps: { mailer: Mailer; config: Pick<Config, 'publicUrl' | 'port'>; log?: FastifyBaseLogger },
  emails: readonly NotificationEmail[],
): Promise<void> {
  const baseUrl = (deps.config.publicUrl ?? `http://localhost:${deps.config.port}`).replace(/\/+$/, '');
  for (const email of emails) {
    const copy = EMAIL_COPY[email.language];
    const message = renderMessage(email.titleKey, email.params, email.language);
    const rendered = renderEmail({
      lang: email.language,
      subject: message.title,
      greeting: copy.greeting(email.name),
      paragraphs: [message.text],
      ...(email.link ? { action: { label: copy.open, url: `${baseUrl}${email.link}` } } : {}),
      footer: [copy.why, copy.turnOff],
    });
    try {
      await deps.mailer.send({ ...rendered, to: email.to, kind: `notification:${email.type}` });
    } catch (error) {
      // The change itself is committed; a mail failure must not turn it into an error answer.
      deps.log?.error({ err: error, to: email.to, type: email.type }, 'notification email failed');
    }
  }
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
      .offset((query.page - 1) * query.pageSize),
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
