import { z } from 'zod';
import { defineOutboxTopic } from '../outbox/topic.js';
import { writeOutbox, type OutboxWriter } from '../outbox/write.js';
import { sendEmail, type OutgoingEmail } from './transport.js';

const emailSchema = z.object({
  to: z.string().min(3),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  kind: z.string().min(1),
  /**
   * The body holds a secret (a one-time link). Once delivered by SMTP, or dead, its stored copy is
   * removed, so the outbox does not keep working credentials; without SMTP it stays (that is how
   * it is read).
   */
  sensitive: z.boolean().optional(),
});

export type QueuedEmail = z.infer<typeof emailSchema>;

const REMOVED_BODY = '(removed after delivery: it contained a one-time link)';

function redact(email: QueuedEmail): QueuedEmail {
  return email.sensitive ? { ...email, text: REMOVED_BODY, html: '' } : email;
}

/** An email rendered by its producer (password reset, invitations…), sent as it is. */
export const emailTopic = defineOutboxTopic({
  name: 'email',
  payload: emailSchema,
  async deliver(email, { config, log }) {
    const how = await sendEmail(config, log, email);
    return how === 'sent' ? { keep: redact(email) } : undefined;
  },
  redact,
});

/** Queues an email in the caller's transaction; it is sent after commit (outbox). */
export async function queueEmail(tx: OutboxWriter, email: OutgoingEmail & { sensitive?: boolean }): Promise<void> {
  await writeOutbox(tx, emailTopic, email);
}
