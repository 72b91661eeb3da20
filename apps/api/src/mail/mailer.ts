import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { emailOutbox } from '../db/schema.js';
import type { RenderedEmail } from './layout.js';

export interface OutgoingEmail extends RenderedEmail {
  to: string;
  /** What the email is about (`password_reset`, `invitation`…), for the outbox and logs. */
  kind: string;
  /**
   * The body holds a secret (a one-time link). Once delivered by SMTP its stored copy is removed,
   * so the outbox does not keep working credentials; without SMTP it stays (that is how it is read).
   */
  sensitive?: boolean;
}

export type EmailStatus = 'logged' | 'sent' | 'failed';

export interface Mailer {
  /** Stores the email in the outbox, logs it and, when SMTP is configured, delivers it. */
  send(email: OutgoingEmail): Promise<{ id: string; status: EmailStatus }>;
}

const REMOVED_BODY = '(removed after delivery: it contained a one-time link)';

export function createMailer(deps: { db: Db; config: Pick<Config, 'smtpUrl' | 'smtpFrom'>; log: FastifyBaseLogger }): Mailer {
  const { db, config, log } = deps;
  const transport: Transporter | null = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;

  return {
    async send(email) {
      const [row] = await db
        .insert(emailOutbox)
        .values({
          toAddress: email.to,
          subject: email.subject,
          textBody: email.text,
          htmlBody: email.html,
          kind: email.kind,
          // Without SMTP the log is the delivery, so the row is final at once.
          status: transport ? 'pending' : 'logged',
        })
        .returning({ id: emailOutbox.id });
      const id = row!.id;

      if (!transport) {
        // A local user reads the message (and its link) in the log.
        log.info({ emailId: id, to: email.to, kind: email.kind, subject: email.subject, text: email.text }, 'email (SMTP not configured)');
        return { id, status: 'logged' };
      }

      try {
        await transport.sendMail({ from: config.smtpFrom, to: email.to, subject: email.subject, text: email.text, html: email.html });
        await db
          .update(emailOutbox)
          .set({
            status: 'sent',
            sentAt: sql`now()`,
            ...(email.sensitive ? { textBody: REMOVED_BODY, htmlBody: null } : {}),
          })
          .where(eq(emailOutbox.id, id));
        log.info({ emailId: id, to: email.to, kind: email.kind, subject: email.subject }, 'email sent');
        return { id, status: 'sent' };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db.update(emailOutbox).set({ status: 'failed', error: message.slice(0, 1000) }).where(eq(emailOutbox.id, id));
        log.error({ emailId: id, to: email.to, kind: email.kind, err: error }, 'email delivery failed');
        return { id, status: 'failed' };
      }
    },
  };
}
