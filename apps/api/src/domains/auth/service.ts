import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { validationText, type SessionUser, type UpdateProfileRequest, type UserProfile } from '@grove/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { toLanguage } from '../../mail/language.js';
import { queueEmail } from '../../mail/email-topic.js';
import { passwordResetEmail } from '../../mail/templates/password-reset.js';
import { recordAudit } from '../audit/index.js';
import { knownDevice } from './device-cookie.js';
import { accountLimitKey, loginCounters } from './login-throttle.js';
import { assertStrongPassword, isStrongPassword, passwordUserInputs } from './password-strength.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { RATE_LIMITS, type RateLimiter } from './rate-limits.js';
import { RESET_CODE_TTL_MINUTES, checkCode, isLiveCode, issueCode, markCodeUsed } from './reset-codes.js';
import { createSession, revokeOtherSessions, revokeUserSessions, type IssuedSession } from './sessions.js';
import { findUserByEmail, findUserByUsername, loadProfile, loadSessionUser, normalizeUsername } from './users.js';

export interface AuthDeps {
  db: Db;
  config: Config;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
}

export interface RequestMeta {
  ip: string;
  userAgent?: string | undefined;
  cookies: Record<string, string | undefined>;
}

const NO_SUCH_USER = '00000000-0000-0000-0000-000000000000';

export const RESET_CODE_INVALID_TEXT = 'This reset link is not valid or has expired. Please request a new one.';
export const FORGOT_PASSWORD_TEXT = 'If an account exists for this email, we have sent it a link to reset the password.';
export const RESET_DONE_TEXT = 'Your password has been changed. You can now sign in.';
export const PASSWORD_CHANGED_TEXT = 'Your password has been changed.';

/**
 * Checks the credentials. Unknown user, wrong password, no password yet and inactive account all
 * give the same `null` after the same argon2 work, so the answer reveals nothing.
 */
export async function signIn(
  deps: AuthDeps,
  input: { username: string; password: string },
  meta: RequestMeta,
): Promise<{ issued: IssuedSession; user: SessionUser; username: string } | null> {
  const username = normalizeUsername(input.username);
  const device = knownDevice(meta.cookies, deps.config.tokenSecret, username);
  const { counters, clearOnSuccess, slowDownBy } = loginCounters(username, meta.ip, device);
  await deps.limiter.assertUnder(counters);
  if (slowDownBy) await deps.limiter.slowDown(slowDownBy);

  const user = await findUserByUsername(deps.db, username);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordOk || !user.active) {
    await deps.limiter.count(counters);
    // The attempted name only: whether such an account exists stays out of the log.
    await recordAudit(deps.db, { action: 'login.failed', detail: { username: username.slice(0, 254) }, ip: meta.ip });
    return null;
  }

  await deps.limiter.clear(clearOnSuccess);
  const issued = await createSession(deps.db, deps.config, user.id, { ip: meta.ip, userAgent: meta.userAgent });
  await deps.db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
  await recordAudit(deps.db, { action: 'login.succeeded', actorId: user.id, subjectUserId: user.id, ip: meta.ip, detail: { sessionId: issued.sessionId } });
  const sessionUser = await loadSessionUser(deps.db, user.id);
  return { issued, user: sessionUser!, username };
}

/**
 * Forgot password, the part done after the answer has gone out (so timing cannot tell whether
 * the email has an account): issue a code and queue the email with its link, in one transaction.
 * Unknown or inactive → nothing.
 */
export async function sendPasswordReset(deps: AuthDeps, email: string, baseUrl: string, ip: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || !user.active) return;
  await deps.db.transaction(async (tx) => {
    const code = await issueCode(tx, user.id, 'reset');
    const link = `${baseUrl.replace(/\/+$/, '')}/resetPassword?email=${encodeURIComponent(user.email)}&code=${encodeURIComponent(code)}`;
    const content = passwordResetEmail(toLanguage(user.language), { name: user.firstName, link, minutes: RESET_CODE_TTL_MINUTES });
    await recordAudit(tx, { action: 'password.reset_requested', subjectUserId: user.id, ip });
    await queueEmail(tx, { ...content, to: user.email, kind: 'password_reset', sensitive: true });
  });
}

/** Sets a new password with an emailed code; every session of the user ends. */
export async function resetPassword(
  deps: AuthDeps,
  input: { email: string; password: string; code: string },
  ip: string,
): Promise<void> {
  const user = await findUserByEmail(deps.db, input.email);
  const outcome = await deps.db.transaction(async (tx) => {
    // An unknown or inactive email goes through the same code checks (against an id that owns no
    // code), so the answer takes as long as for a real account with a wrong code (issue 9 §9).
    const subjectId = user?.active ? user.id : NO_SUCH_USER;
    // Invitations (portal users, new staff) set the first password through the same screen.
    const resetCode = await checkCode(tx, subjectId, input.code, 'reset');
    const inviteCode = await checkCode(tx, subjectId, input.code, 'invite');
    const codeId = resetCode ?? inviteCode;
    if (!user?.active || !codeId) return 'invalid' as const;
    // Checked only once the code is right, with the user's own details as guessable words.
    if (!isStrongPassword(input.password, passwordUserInputs(user))) return 'weak' as const;
    const passwordHash = await hashPassword(input.password);
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    await markCodeUsed(tx, codeId);
    await revokeUserSessions(tx, user.id, 'password_reset');
    await recordAudit(tx, { action: 'password.reset', actorId: user.id, subjectUserId: user.id, ip });
    return 'done' as const;
  });
  if (outcome === 'invalid') throw badRequest({ code: [RESET_CODE_INVALID_TEXT] }, RESET_CODE_INVALID_TEXT);
  if (outcome === 'weak') throw badRequest({ password: [validationText('passwordWeak')] });
}

/** Whether an emailed reset or invitation link can still set a password (nothing is used up). */
export async function isResetCodeValid(deps: Pick<AuthDeps, 'db'>, input: { email: string; code: string }): Promise<boolean> {
  const user = await findUserByEmail(deps.db, input.email);
  const valid = await isLiveCode(deps.db, user?.active ? user.id : NO_SUCH_USER, input.code, ['reset', 'invite']);
  return valid && user?.active === true;
}

/** Changes the signed-in user's password; the current session stays, every other one ends. */
export async function changePassword(
  deps: AuthDeps,
  userId: string,
  sessionId: string,
  input: { currentPassword: string; newPassword: string },
  ip: string,
): Promise<void> {
  const limit = { key: accountLimitKey('password-change', userId), rule: RATE_LIMITS.passwordChangePerAccount };
  await deps.limiter.assertUnder([limit]);
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw badRequest({ currentPassword: [validationText('invalid')] });
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await deps.limiter.count([limit]);
    throw badRequest({ currentPassword: [validationText('invalid')] });
  }
  assertStrongPassword(input.newPassword, passwordUserInputs(user), 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
    await revokeOtherSessions(tx, userId, sessionId, 'password_changed');
    await recordAudit(tx, { action: 'password.changed', actorId: userId, subjectUserId: userId, ip });
  });
}

export async function updateProfile(db: Db, userId: string, input: UpdateProfileRequest): Promise<UserProfile | null> {
  await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone || null,
      title: input.title || null,
      language: input.language,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  return loadProfile(db, userId);
}
