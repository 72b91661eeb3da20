import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { RenderedEmail } from './layout.js';

export interface OutgoingEmail extends RenderedEmail {
  to: string;
  /** What the email is about (`password_reset`, `invitation`…), for the outbox and logs. */
  kind: string;
}

/**
 * Bounded waits (nodemailer's defaults allow minutes): one delivery stays well inside the outbox
 * lease, so a slow server costs a retry, never a second copy.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/**
 * Sends one email by SMTP, or without SMTP_URL writes it to the log (that is how a local user reads
 * a reset link). Throws when the server refuses or cannot be reached; the outbox retries.
 */
export async function sendEmail(
  config: Pick<Config, 'smtpUrl' | 'smtpFrom'>,
  log: FastifyBaseLogger,
  email: OutgoingEmail,
): Promise<'sent' | 'logged'> {
  if (!config.smtpUrl) {
    log.info({ to: email.to, kind: email.kind, subject: email.subject, text: email.text }, 'email (SMTP not configured)');
    return 'logged';
  }
  await transportFor(config.smtpUrl).sendMail({ from: config.smtpFrom, to: email.to, subject: email.subject, text: email.text, html: email.html });
  log.info({ to: email.to, kind: email.kind, subject: email.subject }, 'email sent');
  return 'sent';
}
