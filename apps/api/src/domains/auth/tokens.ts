import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

/** Claims of an access token: the user, the server-side session and the browser fingerprint hash. */
export interface AccessClaims {
  sub: string;
  sid: string;
  fph: string;
}

const ISSUER = 'grove';
const AUDIENCE = 'grove-api';

export const FINGERPRINT_COOKIE = 'grove_fp';

export function newFingerprint(): { value: string; hash: string } {
  const value = randomBytes(32).toString('base64url');
  return { value, hash: hashFingerprint(value) };
}

export function hashFingerprint(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

const keys = new Map<string, KeyObject>();

/**
 * The signing key as a KeyObject, made once per secret: jose imports raw bytes into a key on every
 * call, which was about a tenth of the server's CPU time per request (issue 15).
 */
function key(secret: string): KeyObject {
  let found = keys.get(secret);
  if (!found) {
    found = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, found);
  }
  return found;
}

export async function signAccessToken(claims: AccessClaims, secret: string, ttlSeconds: number): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const token = await new SignJWT({ sid: claims.sid, fph: claims.fph })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(secret));
  return { token, expiresAt };
}

/**
 * Verifies signature, issuer and audience. `allowExpired` is for refresh only: an expired token
 * still names its session, and the session's own idle and absolute limits decide.
 */
export async function verifyAccessToken(
  token: string,
  secret: string,
  options: { allowExpired?: boolean } = {},
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      ...(options.allowExpired ? { currentDate: new Date(0) } : {}),
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.fph !== 'string') return null;
    return { sub: payload.sub, sid: payload.sid, fph: payload.fph };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

// ── Two-factor challenge: proof that the password was right, good for one short sign-in step ───

const CHALLENGE_AUDIENCE = 'grove-2fa';
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export interface ChallengeClaims {
  sub: string;
  /** The normalised username, for the sign-in failure counters. */
  usr: string;
  kind: 'code' | 'enrol';
}

/** Another audience than access tokens, so a challenge is never accepted as one (and the reverse). */
export async function signChallenge(claims: ChallengeClaims, secret: string): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000);
  const token = await new SignJWT({ usr: claims.usr, knd: claims.kind })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(CHALLENGE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(secret));
  return { token, expiresAt };
}

export async function verifyChallenge(token: string, secret: string): Promise<ChallengeClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, audience: CHALLENGE_AUDIENCE, algorithms: ['HS256'] });
    const kind = payload.knd;
    if (typeof payload.sub !== 'string' || typeof payload.usr !== 'string' || (kind !== 'code' && kind !== 'enrol')) return null;
    return { sub: payload.sub, usr: payload.usr, kind };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
