import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Known-device cookies (OWASP "Slow down online guessing attacks with device cookies"): after a
 * successful sign-in the browser gets a signed cookie naming the account. Presenting it later lets
 * that browser skip the account-wide failure limit, so an attacker guessing from elsewhere cannot
 * lock the owner out. One cookie per account (the name is derived from the username), so a shared
 * computer remembers several people. The signature uses the token secret; nothing is stored.
 */
const COOKIE_PREFIX = 'grove_dev_';
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 3600;

function mac(secret: string, purpose: string, value: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}\0${value}`).digest();
}

export function deviceCookieName(secret: string, username: string): string {
  return COOKIE_PREFIX + mac(secret, 'device-cookie-name', username).subarray(0, 8).toString('hex');
}

export function issueDeviceCookie(secret: string, username: string): { name: string; value: string } {
  const nonce = randomBytes(16).toString('base64url');
  const signature = mac(secret, 'device-cookie', `${username}\0${nonce}`).toString('base64url');
  return { name: deviceCookieName(secret, username), value: `${nonce}.${signature}` };
}

/** The device's nonce when the request carries a valid device cookie for this username, else null. */
export function knownDevice(cookies: Record<string, string | undefined>, secret: string, username: string): string | null {
  const value = cookies[deviceCookieName(secret, username)];
  if (!value) return null;
  const [nonce, signature] = value.split('.');
  if (!nonce || !signature) return null;
  const expected = mac(secret, 'device-cookie', `${username}\0${nonce}`);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}
