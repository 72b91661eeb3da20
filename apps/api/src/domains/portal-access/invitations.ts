import { INVITATION_TTL_DAYS } from '@grove/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { RenderedEmail } from '../../mail/layout.js';
import type { Mailer } from '../../mail/mailer.js';
import { issueCode } from '../auth/reset-codes.js';

/*
 * Invitations reuse the password-reset codes with purpose `invite` and a 7-day life: the emailed
 * link opens the existing /resetPassword screen (`invite=1` lets it greet a new user), and
 * `POST /api/Users/ResetPassword` accepts the code to set the first password. Issuing a new
 * invitation kills the previous link.
 */

export const INVITATION_TTL_MINUTES = INVITATION_TTL_DAYS * 24 * 60;

/** The portal's public address for links: PUBLIC_URL, else the request's own origin. */
export function baseUrlOf(config: Pick<Config, 'publicUrl'>, request: { protocol: string; host: string }): string {
  return (config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

export function signInLink(baseUrl: string): string {
  return `${baseUrl}/login`;
}

/** Issues a fresh invitation code for the user and returns the link that sets the password. */
export async function invitationLink(db: Db, baseUrl: string, user: { id: string; email: string }): Promise<string> {
  const code = await issueCode(db, user.id, 'invite', INVITATION_TTL_MINUTES);
  return `${baseUrl}/resetPassword?email=${encodeURIComponent(user.email)}&code=${encodeURIComponent(code)}&invite=1`;
}

/** Sends one of the portal emails; `sensitive` ones hold a one-time link (removed from the outbox after SMTP delivery). */
export async function sendEmail(mailer: Mailer, to: string, kind: string, content: RenderedEmail, sensitive = false): Promise<void> {
  await mailer.send({ ...content, to, kind, sensitive });
}
