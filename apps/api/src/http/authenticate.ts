import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canAccess, parseRoles, type AccessKey, type Role } from '@grove/shared';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { cacheEpoch, sessions, users } from '../db/schema.js';
import { FINGERPRINT_COOKIE, hashFingerprint, verifyAccessToken } from '../domains/auth/tokens.js';
import { forbidden, unauthorized } from './errors.js';
import type { CacheEpochs } from '../db/cache-epoch.js';
import { SessionMemo } from './session-memo.js';

/** Who is calling: everything the policies need, loaded once per request. */
export interface AuthUser {
  id: string;
  sessionId: string;
  roles: Role[];
  regionId: string | null;
  branchId: string | null;
  language: string;
  /**
   * The cache versions read with the session (db/cache-epoch.ts, decision 033): in-process caches
   * of this call's scope and reference data are valid only at these versions. Absent outside a
   * signed-in call (jobs, tests): the caches then read the versions themselves. Valid for this call
   * only: whatever keeps the user longer (an event stream) drops them.
   */
  epochs?: CacheEpochs;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Spec §6 access key; every API route must name one (checked at registration). */
    access?: AccessKey;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : null;
}

/**
 * The session lookup of every signed-in call, prepared once per database (planning cost more than
 * running it): the only query of authentication, by primary keys, and it brings the cache versions
 * along (one row of `cache_epoch`), so no cache costs a query of its own.
 */
function prepareSessionLookup(db: Db) {
  return db
    .select({
      id: users.id,
      roles: users.roles,
      regionId: users.regionId,
      branchId: users.branchId,
      language: users.language,
      sessionFingerprint: sessions.fingerprintHash,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      scopeEpoch: sql<number | null>`(select ${cacheEpoch.scope} from ${cacheEpoch} where ${cacheEpoch.id} = 1)`.mapWith(Number),
      referenceEpoch: sql<number | null>`(select ${cacheEpoch.reference} from ${cacheEpoch} where ${cacheEpoch.id} = 1)`.mapWith(Number),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        eq(sessions.userId, sql.placeholder('sub')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${sql.placeholder('idleMinutes')}::int)`),
        eq(users.active, true),
      ),
    )
    .limit(1)
    .prepare('auth_session_lookup');
}

const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

function sessionLookup(db: Db) {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  return lookup;
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareSessionLookup>['execute']>>[number];

/**
 * Resolves a token to a live session: signature, fingerprint cookie, session not revoked, not past
 * its absolute or idle limit, user active. Any failure is `null` (the caller answers 401). With a
 * `memo` (embedded database only, decision 043) a session read since the last write is answered
 * from memory.
 */
export async function resolveSession(
  db: Db,
  config: Config,
  token: string,
  fingerprint: string | undefined,
  options: { allowExpired?: boolean; memo?: SessionMemo<SessionRow> } = {},
): Promise<AuthUser | null> {
  const claims = await verifyAccessToken(token, config.tokenSecret, options);
  if (!claims || !fingerprint || hashFingerprint(fingerprint) !== claims.fph) return null;
  const memo = options.memo;
  const key = `${claims.sid}:${claims.sub}`;
  let row = memo?.get(key, config.sessionIdleMinutes);
  if (!row) {
    const startedAt = memo?.start() ?? 0;
    [row] = await sessionLookup(db).execute({ sid: claims.sid, sub: claims.sub, idleMinutes: config.sessionIdleMinutes });
    if (row && memo) memo.keep(key, startedAt, { row, expiresAt: row.expiresAt.getTime(), lastSeenAt: row.lastSeenAt.getTime() });
  }
  if (!row || row.sessionFingerprint !== claims.fph) return null;
  return {
    id: row.id,
    sessionId: claims.sid,
    roles: parseRoles(row.roles),
    regionId: row.regionId,
    branchId: row.branchId,
    language: row.language,
    ...(row.scopeEpoch != null && row.referenceEpoch != null ? { epochs: { scope: row.scopeEpoch, reference: row.referenceEpoch } } : {}),
  };
}

/**
 * Every /api route declares `config.access`. Public routes skip authentication; the rest need a
 * live session and, for role-restricted keys, one matching role (403 otherwise).
 */
export function registerAuthentication(app: FastifyInstance, deps: { db: Db; config: Config; writes?: () => number }): void {
  app.decorateRequest('auth', null);
  const memo = deps.writes ? new SessionMemo<SessionRow>(deps.writes) : undefined;

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} has no config.access: add its entry of spec §6`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const user = await resolveSession(deps.db, deps.config, token, request.cookies[FINGERPRINT_COOKIE], memo ? { memo } : {});
    if (!user) throw unauthorized();
    request.auth = user;
    if (!canAccess(user.roles, access)) throw forbidden();
  });
}

/** The signed-in user of a route that is not public (the hook guarantees it). */
export function requireAuth(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
