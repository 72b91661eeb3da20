import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { hasStaffRole, validationText, type SignInPolicy, type TotpSetup, type TwoFactorStatus } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { signInPolicy, totpRecoveryCodes, users } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { recordAudit } from '../audit/index.js';
import { verifyPassword } from './passwords.js';
import { accountLimitKey } from './login-throttle.js';
import { RATE_LIMITS } from './rate-limits.js';
import type { AuthDeps } from './service.js';
import {
  hashRecoveryCode,
  isRecoveryCodeShape,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  otpauthUri,
  sealSecret,
  verifyTotp,
} from './totp.js';

/** Two-factor sign-in with an authenticator app: enrolment, codes, recovery codes, the policy (decision 025). */

export const TWO_FACTOR_CODE_INVALID_TEXT = 'This code is not valid. Check your authenticator app and try again.';
export const TWO_FACTOR_EXPIRED_TEXT = 'Your sign-in took too long. Please sign in again.';
export const TWO_FACTOR_REQUIRED_TEXT = 'Two-factor sign-in is required for staff accounts and cannot be turned off.';
export const TWO_FACTOR_NOT_STARTED_TEXT = 'Start the set-up again: no authenticator secret is waiting to be confirmed.';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type UserRow = typeof users.$inferSelect;

/** Wrong codes of one account, from anywhere; not skipped by known devices (the password is already known). */
export function codeFailureCounter(userId: string) {
  return { key: accountLimitKey('2fa-code', userId), rule: RATE_LIMITS.twoFactorFailuresPerAccount };
}

export async function loadSignInPolicy(db: Pick<Db, 'select'>): Promise<SignInPolicy> {
  const [row] = await db.select({ requireStaffTwoFactor: signInPolicy.requireStaffTwoFactor }).from(signInPolicy).where(eq(signInPolicy.id, 1));
  return { requireStaffTwoFactor: row?.requireStaffTwoFactor ?? false };
}

export async function saveSignInPolicy(db: Db, actorId: string, input: SignInPolicy, ip: string): Promise<SignInPolicy> {
  await db.transaction(async (tx) => {
    await tx
      .insert(signInPolicy)
      .values({ id: 1, requireStaffTwoFactor: input.requireStaffTwoFactor, updatedBy: actorId })
      .onConflictDoUpdate({ target: signInPolicy.id, set: { requireStaffTwoFactor: input.requireStaffTwoFactor, updatedBy: actorId, updatedAt: sql`now()` } });
    await recordAudit(tx, { action: 'sign_in_policy.changed', actorId, ip, detail: { ...input } });
  });
  return loadSignInPolicy(db);
}

function requiredFor(user: Pick<UserRow, 'roles'>, policy: SignInPolicy): boolean {
  return policy.requireStaffTwoFactor && hasStaffRole(user.roles);
}

/** What sign-in asks after a right password: a code, an enrolment (policy), or nothing. */
export async function secondStep(db: Db, user: UserRow): Promise<'code' | 'enrol' | null> {
  if (user.totpSecret) return 'code';
  return requiredFor(user, await loadSignInPolicy(db)) ? 'enrol' : null;
}

async function loadUser(db: Pick<Db, 'select'>, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound();
  return user;
}

export async function twoFactorStatus(db: Db, userId: string): Promise<TwoFactorStatus> {
  const user = await loadUser(db, userId);
  const [left] = await db
    .select({ n: count() })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
  return {
    enabled: user.totpSecret !== null,
    enabledAt: user.totpEnabledAt ? user.totpEnabledAt.toISOString() : null,
    recoveryCodesLeft: user.totpSecret ? Number(left?.n ?? 0) : 0,
    required: requiredFor(user, await loadSignInPolicy(db)),
  };
}

/** A new secret for the app; it only takes effect once a code from it is confirmed. */
export async function startTotpSetup(deps: Pick<AuthDeps, 'db' | 'config'>, userId: string): Promise<TotpSetup> {
  const user = await loadUser(deps.db, userId);
  const secret = newTotpSecret();
  await deps.db
    .update(users)
    .set({ totpPendingSecret: sealSecret(secret, deps.config.tokenSecret) })
    .where(eq(users.id, userId));
  return { secret, otpauthUri: otpauthUri(secret, user.email) };
}

async function replaceRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await tx.insert(totpRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

/** Marks a step used, unless another request used it (or a later one) first. */
async function claimStep(db: Pick<Db, 'update'>, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Confirms the pending secret with a code from the app: two-factor sign-in is on from now and a
 * fresh set of recovery codes is returned (shown once). Null when the code is wrong.
 */
export async function confirmTotpSetup(deps: Pick<AuthDeps, 'db' | 'config'>, userId: string, code: string, ip: string): Promise<string[] | null> {
  const user = await loadUser(deps.db, userId);
  const secret = user.totpPendingSecret ? openSecret(user.totpPendingSecret, deps.config.tokenSecret) : null;
  if (!secret) throw badRequest({ code: [TWO_FACTOR_NOT_STARTED_TEXT] }, TWO_FACTOR_NOT_STARTED_TEXT);
  const step = await verifyTotp(secret, code, null);
  if (step === null) return null;
  return deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: user.totpPendingSecret, totpPendingSecret: null, totpEnabledAt: sql`now()`, totpLastStep: step, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    const codes = await replaceRecoveryCodes(tx, userId);
    await recordAudit(tx, { action: 'two_factor.enabled', actorId: userId, subjectUserId: userId, ip });
    return codes;
  });
}

/**
 * A code from the app (each 30-second code works once) or an unused recovery code (then used up).
 * Returns how the user proved it, or null.
 */
export async function checkSecondFactor(deps: Pick<AuthDeps, 'db' | 'config'>, user: UserRow, code: string): Promise<'totp' | 'recovery' | null> {
  if (!user.totpSecret) return null;
  if (/^\d{6}$/.test(code)) {
    const secret = openSecret(user.totpSecret, deps.config.tokenSecret);
    if (!secret) return null;
    const step = await verifyTotp(secret, code, user.totpLastStep ?? null);
    return step !== null && (await claimStep(deps.db, user.id, step)) ? 'totp' : null;
  }
  if (!isRecoveryCodeShape(code)) return null;
  const used = await deps.db
    .update(totpRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(totpRecoveryCodes.userId, user.id), eq(totpRecoveryCodes.codeHash, hashRecoveryCode(code)), isNull(totpRecoveryCodes.usedAt)))
    .returning({ id: totpRecoveryCodes.id });
  return used.length === 1 ? 'recovery' : null;
}

/** A signed-in user's code check (recovery codes, turning off): counted like sign-in codes. */
async function assertCode(deps: AuthDeps, user: UserRow, code: string): Promise<'totp' | 'recovery'> {
  const counter = codeFailureCounter(user.id);
  await deps.limiter.assertUnder([counter]);
  const how = await checkSecondFactor(deps, user, code);
  if (!how) {
    await deps.limiter.count([counter]);
    throw badRequest({ code: [TWO_FACTOR_CODE_INVALID_TEXT] }, TWO_FACTOR_CODE_INVALID_TEXT);
  }
  return how;
}

export async function regenerateRecoveryCodes(deps: AuthDeps, userId: string, code: string, ip: string): Promise<string[]> {
  const user = await loadUser(deps.db, userId);
  if (!user.totpSecret) throw conflict(TWO_FACTOR_NOT_STARTED_TEXT);
  await assertCode(deps, user, code);
  return deps.db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, userId);
    await recordAudit(tx, { action: 'two_factor.recovery_codes_replaced', actorId: userId, subjectUserId: userId, ip });
    return codes;
  });
}

/** Turns two-factor sign-in off (current password required); refused while the policy requires it. */
export async function disableTwoFactor(deps: AuthDeps, userId: string, currentPassword: string, ip: string): Promise<void> {
  const user = await loadUser(deps.db, userId);
  if (requiredFor(user, await loadSignInPolicy(deps.db))) throw conflict(TWO_FACTOR_REQUIRED_TEXT);
  const limit = { key: accountLimitKey('password-change', userId), rule: RATE_LIMITS.passwordChangePerAccount };
  await deps.limiter.assertUnder([limit]);
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    await deps.limiter.count([limit]);
    throw badRequest({ currentPassword: [validationText('invalid')] });
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
    await recordAudit(tx, { action: 'two_factor.disabled', actorId: userId, subjectUserId: userId, ip });
  });
}
