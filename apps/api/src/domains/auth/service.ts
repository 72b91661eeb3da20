import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hasStaffRole, parseRoles, validationText, type SessionUser, type TotpSetup, type UpdateProfileRequest, type UserProfile } from '@grove/shared';
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
import { signChallenge, verifyChallenge } from './tokens.js';
import {
  TWO_FACTOR_CODE_INVALID_TEXT,
  TWO_FACTOR_EXPIRED_TEXT,
  checkSecondFactor,
  codeFailureCounter,
  confirmTotpSetup,
  secondStep,
  startTotpSetup,
} from './two-factor.js';
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

export type SignInResult =
  | { kind: 'signedIn'; issued: IssuedSession; user: SessionUser; username: string; recoveryCodes?: string[] }
  | { kind: 'twoFactor'; twoFactor: 'code' | 'enrol'; challenge: string; expiresAt: Date };

/**
 * Checks the credentials. Unknown user, wrong password, no password yet and inactive account all
 * give the same `null` after the same argon2 work, so the answer reveals nothing. A right password
 * of an account with two-factor sign-in (or one the policy makes enrol) gives a short-lived
 * challenge instead of a session; the failure counters are cleared only once the code is right.
 */
export async function signIn(deps: AuthDeps, input: { username: string; password: string }, meta: RequestMeta): Promise<SignInResult | null> {
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

  const step = await secondStep(deps.db, user);
  if (step) {
    const challenge = await signChallenge({ sub: user.id, usr: username, kind: step }, deps.config.tokenSecret);
    await recordAudit(deps.db, { action: 'login.password_ok', actorId: user.id, subjectUserId: user.id, ip: meta.ip, detail: { next: step } });
    return { kind: 'twoFactor', twoFactor: step, challenge: challenge.token, expiresAt: challenge.expiresAt };
  }
  await deps.limiter.clear(clearOnSuccess);
  return { kind: 'signedIn', ...(await startSignedInSession(deps, user.id, username, meta, 'password')) };
}

async function startSignedInSession(deps: AuthDeps, userId: string, username: string, meta: RequestMeta, method: string) {
  const issued = await createSession(deps.db, deps.config, userId, { ip: meta.ip, userAgent: meta.userAgent });
  await deps.db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, userId));
  await recordAudit(deps.db, { action: 'login.succeeded', actorId: userId, subjectUserId: userId, ip: meta.ip, detail: { sessionId: issued.sessionId, method } });
  const sessionUser = await loadSessionUser(deps.db, userId);
  return { issued, user: sessionUser!, username };
}

async function challengeUser(deps: AuthDeps, challenge: string) {
  const claims = await verifyChallenge(challenge, deps.config.tokenSecret);
  const user = claims ? await findUserByUsername(deps.db, claims.usr) : null;
  if (!claims || !user || user.id !== claims.sub || !user.active) {
    throw badRequest({ challenge: [TWO_FACTOR_EXPIRED_TEXT] }, TWO_FACTOR_EXPIRED_TEXT);
  }
  return { claims, user };
}

/** The enrolment step of sign-in (policy): a new authenticator secret for the app. */
export async function startSignInEnrolment(deps: AuthDeps, challenge: string, ip: string): Promise<TotpSetup> {
  await deps.limiter.consume([{ key: `2fa:ip:${ip}`, rule: RATE_LIMITS.twoFactorPerIp }]);
  const { claims, user } = await challengeUser(deps, challenge);
  if (claims.kind !== 'enrol' || user.totpSecret) throw badRequest({ challenge: [TWO_FACTOR_EXPIRED_TEXT] }, TWO_FACTOR_EXPIRED_TEXT);
  return startTotpSetup(deps, user.id);
}

/**
 * The second step of sign-in: a code from the app or a recovery code (or, when enrolling, the first
 * code of the new app). Wrong codes count on the sign-in failure counters and on a per-account code
 * counter, so the code cannot be guessed any faster than the password.
 */
export async function completeTwoFactorSignIn(
  deps: AuthDeps,
  input: { challenge: string; code: string },
  meta: RequestMeta,
): Promise<Extract<SignInResult, { kind: 'signedIn' }>> {
  await deps.limiter.consume([{ key: `2fa:ip:${meta.ip}`, rule: RATE_LIMITS.twoFactorPerIp }]);
  const { claims, user } = await challengeUser(deps, input.challenge);
  const device = knownDevice(meta.cookies, deps.config.tokenSecret, claims.usr);
  const { counters, clearOnSuccess } = loginCounters(claims.usr, meta.ip, device);
  const codeCounter = codeFailureCounter(user.id);
  await deps.limiter.assertUnder([...counters, codeCounter]);

  let recoveryCodes: string[] | undefined;
  let method: string | null;
  if (claims.kind === 'enrol' && !user.totpSecret) {
    recoveryCodes = (await confirmTotpSetup(deps, user.id, input.code, meta.ip)) ?? undefined;
    method = recoveryCodes ? 'totp_enrolled' : null;
  } else {
    method = await checkSecondFactor(deps, user, input.code);
  }
  if (!method) {
    await deps.limiter.count([...counters, codeCounter]);
    await recordAudit(deps.db, { action: 'login.code_failed', subjectUserId: user.id, ip: meta.ip });
    throw badRequest({ code: [TWO_FACTOR_CODE_INVALID_TEXT] }, TWO_FACTOR_CODE_INVALID_TEXT);
  }
  await deps.limiter.clear([...clearOnSuccess, codeCounter.key]);
  const signedIn = await startSignedInSession(deps, user.id, claims.usr, meta, method);
  return { kind: 'signedIn', ...signedIn, ...(recoveryCodes ? { recoveryCodes } : {}) };
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
  await db.transaction(async (tx) => {
    if (input.photoFileId !== undefined) {
      const [me] = await tx.select({ roles: users.roles, photoFileId: users.photoFileId }).from(users).where(eq(users.id, userId));
      // Photos are staff photos (team directory, customer team); customer-side accounts have none.
      if (!me || !hasStaffRole(parseRoles(me.roles))) throw badRequest({ photoFileId: [validationText('invalid')] });
      if (input.photoFileId && input.photoFileId !== me.photoFileId) {
        // Loaded when used: employees imports auth, so a static import would be a cycle.
        const { attachStaffPhoto } = await import('../employees/index.js');
        if (!(await attachStaffPhoto(tx, input.photoFileId, userId, userId))) throw badRequest({ photoFileId: [validationText('invalid')] });
      }
    }
    await tx
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone || null,
        title: input.title || null,
        language: input.language,
        ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}),
        ...(input.photoFileId !== undefined ? { photoFileId: input.photoFileId } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
  });
  return loadProfile(db, userId);
}
