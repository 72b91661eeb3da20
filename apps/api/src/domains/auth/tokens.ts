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

/** Access tokens whose signature, issuer and audience were verified, with their expiry (seconds), per secret. */
const verified = new Map<string, Map<string, { claims: AccessClaims; exp: number }>>();
/** About 5 MB at most: the tokens of the last few thousand sessions, each valid for minutes. */
const VERIFIED_CAP = 10_000;

/**
 * Verifies signature, issuer and audience. `allowExpired` is for refresh only: an expired token
 * still names its session, and the session's own idle and absolute limits decide.
 *
 * A token that passed once is remembered (the exact string, per secret), so the next calls of a
 * session only compare strings and check the expiry again: verifying through jose goes through
 * WebCrypto (a key import and an asynchronous HMAC), about 8% of the server's CPU per signed-in call
 * (decision 036). A changed byte is another string and is verified in full; the session row
 * still decides revocation on every call.
 */
export async function verifyAccessToken(
  token: string,
  secret: string,
  options: { allowExpired?: boolean } = {},
): Promise<AccessClaims | null> {
  let known = verified.get(secret);
  const hit = known?.get(token);
  if (hit) return options.allowExpired || hit.exp > Math.floor(Date.now() / 1000) ? hit.claims : null;
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      ...(options.allowExpired ? { currentDate: new Date(0) } : {}),
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.fph !== 'string') return null;
    const claims = { sub: payload.sub, sid: payload.sid, fph: payload.fph };
    if (typeof payload.exp === 'number') {
      if (!known) verified.set(secret, (known = new Map<string, { claims: AccessClaims; exp: number }>()));
      if (known.size >= VERIFIED_CAP) known.delete(known.keys().next().value!);
      known.set(token, { claims, exp: payload.exp });
    }
    return claims;
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
