import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema.js';
import { announceSessionsEnded } from '../../live/publish.js';
import { newFingerprint, signAccessToken } from './tokens.js';

export interface IssuedSession {
  token: string;
  expiresAt: Date;
  sessionId: string;
  /** Raw fingerprint: goes into the HttpOnly cookie, never into the token. */
  fingerprint: string;
}

/** Starts a server-side session and issues its first access token. */
export async function createSession(
  db: Db,
  config: Config,
  userId: string,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<IssuedSession> {
  const fp = newFingerprint();
  const expiresAt = new Date(Date.now() + config.sessionAbsoluteHours * 3600_000);
  const [row] = await db
    .insert(sessions)
    .values({ userId, fingerprintHash: fp.hash, expiresAt, ip: meta.ip ?? null, userAgent: meta.userAgent?.slice(0, 512) ?? null })
    .returning({ id: sessions.id });
  const issued = await signAccessToken({ sub: userId, sid: row!.id, fph: fp.hash }, config.tokenSecret, config.accessTokenTtlSeconds);
  return { ...issued, sessionId: row!.id, fingerprint: fp.value };
}

/** A new access token for a live session (refresh); also marks the session as used now. */
export async function renewSession(db: Db, config: Config, userId: string, sessionId: string, fingerprintHash: string) {
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, sessionId));
  return signAccessToken({ sub: userId, sid: sessionId, fph: fingerprintHash }, config.tokenSecret, config.accessTokenTtlSeconds);
}

/** A database handle or an open transaction. */
type Updater = Pick<Db, 'update' | 'execute'>;

export async function revokeSession(db: Updater, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  // Open event streams of the session end now, on every process (live/hub.ts).
  await announceSessionsEnded(db, sessionId);
}

/** Ends every session of a user at once (password reset, deactivation, role change). */
export async function revokeUserSessions(db: Updater, userId: string, reason: string): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (rows.length > 0) await announceSessionsEnded(db, userId);
  return rows.length;
}

/** Ends every session of a user but the one making the request (password change). */
export async function revokeOtherSessions(db: Updater, userId: string, keepSessionId: string, reason: string): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (rows.length > 0) await announceSessionsEnded(db, userId);
  return rows.length;
}

/** The user's live sessions (not revoked, not past the absolute or idle limit), most recent first. */
export async function listLiveSessions(db: Db, config: Config, userId: string) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${config.sessionIdleMinutes}::int)`),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Ends one of the user's own sessions; false when it is not theirs or already ended. */
export async function revokeOwnSession(db: Updater, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: 'revoked_by_user' })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}
