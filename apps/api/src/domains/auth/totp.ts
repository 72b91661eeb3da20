import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT } from '@grove/shared';

/**
 * Authenticator-app codes (RFC 6238 TOTP via otplib: SHA-1, 6 digits, 30 s — what every app
 * supports) and recovery codes. Decision 025.
 */

export const TOTP_ISSUER = 'Grove';
/** One step either side of now: a phone clock 30 s off still works. */
const EPOCH_TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function otpauthUri(secret: string, label: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label, secret });
}

/**
 * The time step the code belongs to, or null. `afterStep` is the last step already used: a code of
 * that step or earlier is refused, so an overheard code cannot be replayed.
 */
export async function verifyTotp(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

// ── Secrets at rest: AES-256-GCM with a key derived from the token secret ─────────────────────

function sealingKey(tokenSecret: string): Buffer {
  return createHash('sha256').update(`grove-totp-secret:${tokenSecret}`).digest();
}

export function sealSecret(secret: string, tokenSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(tokenSecret), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The secret, or null when it was sealed under another token secret (or tampered with). */
export function openSecret(sealed: string, tokenSecret: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(tokenSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

// ── Recovery codes ─────────────────────────────────────────────────────────────────────────────

/** No 0/o, 1/l/i: read off paper without doubt. 10 characters ≈ 50 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Case, spaces and the dash do not matter when a code is typed. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function isRecoveryCodeShape(code: string): boolean {
  return /^[a-z0-9]{10}$/.test(normalizeRecoveryCode(code));
}

/** Codes carry ~50 random bits, so a plain SHA-256 is enough (no password-style stretching). */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(`grove-recovery:${normalizeRecoveryCode(code)}`).digest('base64url');
}
