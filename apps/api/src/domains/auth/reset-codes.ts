import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
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
 * Issues a single-use code for `purpose` (`reset`; invitations use `invite`) and kills every older
 * live code of that user, purpose and customer, so only the newest link works. Invitations are per
 * customer (issue 9 §5): customer A's new invitation never cancels customer B's.
 */
export async function issueCode(
  db: Pick<Db, 'transaction'>,
  userId: string,
  purpose = 'reset',
  ttlMinutes = RESET_CODE_TTL_MINUTES,
  customerId: string | null = null,
): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetCodes)
      .set({ expiresAt: sql`now()` })
      .where(
        and(
          eq(passwordResetCodes.userId, userId),
          eq(passwordResetCodes.purpose, purpose),
          customerId ? eq(passwordResetCodes.customerId, customerId) : isNull(passwordResetCodes.customerId),
          isNull(passwordResetCodes.usedAt),
          gt(passwordResetCodes.expiresAt, sql`now()`),
        ),
      );
    await tx.insert(passwordResetCodes).values({
      userId,
      purpose,
      customerId,
      codeHash: hashCode(code),
      expiresAt: sql`now() + make_interval(mins => ${ttlMinutes})`,
    });
  });
  return code;
}

/**
 * Checks `code` against the user's live codes of `purpose` inside `tx` (one per customer for
 * invitations), locking the rows so two requests cannot both use one. A wrong code uses up one try
 * of each; after RESET_CODE_MAX_TRIES a code is dead. Returns the matching code's id (the caller
 * marks it used once its own work succeeded). The same statements run whether or not the user
 * has live codes, so timing tells nothing (issue 9 §9).
 */
export async function checkCode(tx: Tx, userId: string, code: string, purpose = 'reset'): Promise<string | null> {
  const live = await tx
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
    .limit(20)
    .for('update');
  const given = Buffer.from(hashCode(code), 'hex');
  const match = live.find((row) => {
    const expected = Buffer.from(row.codeHash, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (match) return match.id;
  // Always one statement (it touches no row when there is nothing live).
  await tx
    .update(passwordResetCodes)
    .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
    .where(inArray(passwordResetCodes.id, live.length ? live.map((row) => row.id) : [NO_ROW]));
  return null;
}

const NO_ROW = '00000000-0000-0000-0000-000000000000';

/**
 * Whether `code` is a live code of the user for any of `purposes`, without using up a try or
 * locking anything: the reset page asks once when it opens. The same query runs for users
 * without codes (the caller passes a placeholder id for unknown emails).
 */
export async function isLiveCode(db: Pick<Db, 'select'>, userId: string, code: string, purposes: readonly string[]): Promise<boolean> {
  const live = await db
    .select({ codeHash: passwordResetCodes.codeHash })
    .from(passwordResetCodes)
    .where(
      and(
        eq(passwordResetCodes.userId, userId),
        inArray(passwordResetCodes.purpose, [...purposes]),
        isNull(passwordResetCodes.usedAt),
        gt(passwordResetCodes.expiresAt, sql`now()`),
        lt(passwordResetCodes.attempts, RESET_CODE_MAX_TRIES),
      ),
    )
    .limit(20);
  const given = Buffer.from(hashCode(code), 'hex');
  return live.some((row) => {
    const expected = Buffer.from(row.codeHash, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export async function markCodeUsed(tx: Tx, codeId: string): Promise<void> {
  await tx.update(passwordResetCodes).set({ usedAt: sql`now()` }).where(eq(passwordResetCodes.id, codeId));
}
