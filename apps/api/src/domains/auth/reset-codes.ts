import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordResetCodes } from '../../db/schema.js';

export const RESET_CODE_TTL_MINUTES = 30;
export const RESET_CODE_MAX_TRIES = 5;

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Codes carry 192 random bits, so a fast hash is enough to keep a database leak from using them. */
export function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/**
 * Issues a single-use code for `purpose` (`reset`; invitations may use their own purpose) and
 * kills every older live code of that user and purpose, so only the newest link works.
 */
export async function issueCode(db: Pick<Db, 'transaction'>, userId: string, purpose = 'reset', ttlMinutes = RESET_CODE_TTL_MINUTES): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetCodes)
      .set({ expiresAt: sql`now()` })
      .where(and(eq(passwordResetCodes.userId, userId), eq(passwordResetCodes.purpose, purpose), isNull(passwordResetCodes.usedAt), gt(passwordResetCodes.expiresAt, sql`now()`)));
    await tx.insert(passwordResetCodes).values({
      userId,
      purpose,
      codeHash: hashCode(code),
      expiresAt: sql`now() + make_interval(mins => ${ttlMinutes})`,
    });
  });
  return code;
}

/**
 * Checks `code` against the user's live code inside `tx`, locking the row so two requests cannot
 * both use it. A wrong code uses up one try; after RESET_CODE_MAX_TRIES the code is dead.
 * Returns the code's id when it matches (the caller marks it used once its own work succeeded).
 */
export async function checkCode(tx: Tx, userId: string, code: string, purpose = 'reset'): Promise<string | null> {
  const [live] = await tx
    .select({ id: passwordResetCodes.id, codeHash: passwordResetCodes.codeHash })
    .from(passwordResetCodes)
    .where(
      and(
        eq(passwordResetCodes.userId, userId),
        eq(passwordResetCodes.purpose, purpose),
        isNull(passwordResetCodes.usedAt),
        gt(passwordResetCodes.expiresAt, sql`now()`),
        lt(passwordResetCodes.attempts, RESET_CODE_MAX_TRIES),
      ),
    )
    .orderBy(desc(passwordResetCodes.createdAt))
    .limit(1)
    .for('update');
  if (!live) return null;
  const given = Buffer.from(hashCode(code), 'hex');
  const expected = Buffer.from(live.codeHash, 'hex');
  if (given.length === expected.length && timingSafeEqual(given, expected)) return live.id;
  await tx
    .update(passwordResetCodes)
    .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
    .where(eq(passwordResetCodes.id, live.id));
  return null;
}

export async function markCodeUsed(tx: Tx, codeId: string): Promise<void> {
  await tx.update(passwordResetCodes).set({ usedAt: sql`now()` }).where(eq(passwordResetCodes.id, codeId));
}
