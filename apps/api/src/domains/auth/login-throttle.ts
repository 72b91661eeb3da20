import { createHash } from 'node:crypto';
import { RATE_LIMITS, type LimitCheck } from './rate-limits.js';

/** Keys never hold the raw username (the store may be shared Redis). */
function accountKey(username: string): string {
  return createHash('sha256').update(username).digest('base64url').slice(0, 22);
}

/**
 * Which failure counters a sign-in attempt is judged by (see RATE_LIMITS for the why). A known
 * device is judged only by its own counter, so failures caused by others never block it.
 */
export function loginCounters(
  username: string,
  ip: string,
  deviceNonce: string | null,
): { counters: LimitCheck[]; clearOnSuccess: string[]; slowDownBy: string | null } {
  const account = accountKey(username);
  if (deviceNonce) {
    const device = { key: `login:device:${deviceNonce}`, rule: RATE_LIMITS.loginFailuresPerDevice };
    return { counters: [device], clearOnSuccess: [device.key], slowDownBy: null };
  }
  const accountAndIp = { key: `login:acct-ip:${account}:${ip}`, rule: RATE_LIMITS.loginFailuresPerAccountAndIp };
  const perIp = `login:ip:${ip}`;
  return {
    // Failures from the address slow its sign-ins down; the ceiling is a last resort (LOGIN_SLOWDOWN).
    slowDownBy: perIp,
    counters: [
      { key: perIp, rule: RATE_LIMITS.loginFailuresPerIp },
      accountAndIp,
      { key: `login:acct:${account}`, rule: RATE_LIMITS.loginFailuresPerAccount },
    ],
    // The account-wide counter stays: a success here must not erase failures caused elsewhere.
    clearOnSuccess: [accountAndIp.key],
  };
}

export function accountLimitKey(prefix: string, username: string): string {
  return `${prefix}:acct:${accountKey(username)}`;
}
