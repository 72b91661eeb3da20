import { INVITATION_TTL_DAYS } from '@grove/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { linkBaseUrl } from '../../http/host-check.js';
import { issueCode } from '../auth/index.js';

/*
 * Invitations reuse the password-reset codes with purpose `invite` and a 7-day life: the emailed
 * link opens the existing /resetPassword screen (`invite=1` lets it greet a new user), and
 * `POST /api/Users/ResetPassword` accepts the code to set the first password. Issuing a new
 * invitation kills the previous link.
 */

export const INVITATION_TTL_MINUTES = INVITATION_TTL_DAYS * 24 * 60;

/** The portal's public address for links (http/host-check.ts: PUBLIC_URL or an allowed host). */
export function baseUrlOf(config: Pick<Config, 'publicUrl' | 'allowedHosts'>, request: { protocol: string; host: string }): string {
  return linkBaseUrl(config, request);
}

export function signInLink(baseUrl: string): string {
  return `${baseUrl}/login`;
}

/**
 * Issues a fresh invitation code for the user and returns the link that sets the password. The
 * code replaces only the earlier invitation for the same customer (null: a staff invitation).
 */
export async function invitationLink(db: Pick<Db, 'transaction'>, baseUrl: string, user: { id: string; email: string }, customerId: string | null = null): Promise<string> {
  const code = await issueCode(db, user.id, 'invite', INVITATION_TTL_MINUTES, customerId);
  return `${baseUrl}/resetPassword?email=${encodeURIComponent(user.email)}&code=${encodeURIComponent(code)}&invite=1`;
}
