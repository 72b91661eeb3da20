import { asc, inArray } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { outbox, type OutboxStatus } from '../db/schema.js';
import { notificationEmailSchema, publicBaseUrl, renderNotificationEmail } from '../domains/notifications/email-topic.js';
import { emailTopic } from '../mail/email-topic.js';

export interface QueuedEmailView {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  status: OutboxStatus;
  attempts: number;
}

/**
 * Test support: the emails in the outbox (queued, sent or dead) as their recipient gets them,
 * oldest first; notification emails are rendered the way their delivery renders them.
 * `to` filters by address, case-insensitively.
 */
export async function outboxEmails(target: { database: { db: Db }; config: Config }, to?: string): Promise<QueuedEmailView[]> {
  const rows = await target.database.db
    .select()
    .from(outbox)
    .where(inArray(outbox.topic, ['email', 'notification-email']))
    .orderBy(asc(outbox.createdAt), asc(outbox.id));
  const views = rows.map((row): QueuedEmailView => {
    const email =
      row.topic === 'email' ? emailTopic.payload.parse(row.payload) : renderNotificationEmail(notificationEmailSchema.parse(row.payload), publicBaseUrl(target.config));
    return { id: row.id, to: email.to, subject: email.subject, text: email.text, html: email.html, kind: email.kind, status: row.status, attempts: row.attempts };
  });
  return to === undefined ? views : views.filter((view) => view.to.toLowerCase() === to.toLowerCase());
}
