import type { FastifyBaseLogger } from 'fastify';
import { tooManyRequests } from '../../http/errors.js';
import type { RateLimitStore } from './rate-limit-store.js';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

const minutes = (n: number) => n * 60_000;

/**
 * Limits of the sign-in and password endpoints (docs/decisions/004-rate-limits.md,
 * 014-login-throttling.md).
 *
 * Failed sign-ins are counted three ways, so an attacker cannot lock a real user out:
 * - per IP (any account): slows one source guessing across many accounts (LOGIN_SLOWDOWN), with
 *   a ceiling far above what an office or a mobile carrier's shared address produces;
 * - per account + IP: stops one source guessing one account, without touching the owner elsewhere;
 * - per account from anywhere: stops a distributed guess at one account. This one could lock the
 *   owner out, so a browser holding a valid known-device cookie for that account (set at an earlier
 *   successful sign-in, OWASP "device cookies") skips it and the two above, and is limited by its
 *   own per-device counter instead.
 * Forgot/reset limits per account are skipped the same way by a known device.
 */
export const RATE_LIMITS = {
  loginFailuresPerIp: { limit: 300, windowMs: minutes(15) },
  loginFailuresPerAccountAndIp: { limit: 5, windowMs: minutes(15) },
  loginFailuresPerAccount: { limit: 20, windowMs: minutes(60) },
  loginFailuresPerDevice: { limit: 10, windowMs: minutes(15) },
  /** Refresh runs on every route change of the web app, so the limits are generous. */
  refreshPerIp: { limit: 1200, windowMs: minutes(5) },
  refreshFailuresPerIp: { limit: 60, windowMs: minutes(5) },
  refreshPerAccount: { limit: 300, windowMs: minutes(5) },
  forgotPerIp: { limit: 10, windowMs: minutes(15) },
  forgotPerAccount: { limit: 3, windowMs: minutes(15) },
  resetPerIp: { limit: 20, windowMs: minutes(15) },
  resetPerAccount: { limit: 10, windowMs: minutes(15) },
  passwordChangePerAccount: { limit: 10, windowMs: minutes(15) },
  /**
   * Wrong authenticator or recovery codes per account, from anywhere (decision 025). Only someone
   * who already has the password gets this far, so no known device skips it; wrong codes also count
   * as failed sign-ins on the counters above.
   */
  twoFactorFailuresPerAccount: { limit: 5, windowMs: minutes(15) },
  /** Two-factor steps of sign-in (code, enrolment set-up) per address. */
  twoFactorPerIp: { limit: 60, windowMs: minutes(15) },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Below the per-IP ceiling, failures from one address slow every further sign-in from it:
 * free for the first `freeFailures`, then `stepMs` more per failure, at most `maxDelayMs`. Everyone
 * behind that address can still sign in, a little slower; a guesser is slowed to a crawl.
 */
export const LOGIN_SLOWDOWN = { freeFailures: 10, stepMs: 250, maxDelayMs: 5_000 } as const;

export function loginDelayMs(failuresFromIp: number): number {
  const over = failuresFromIp - LOGIN_SLOWDOWN.freeFailures;
  return over <= 0 ? 0 : Math.min(LOGIN_SLOWDOWN.maxDelayMs, over * LOGIN_SLOWDOWN.stepMs);
}

/** The waiting itself; tests replace it to see the delays without waiting them out. */
export const slowdown = {
  wait: (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface LimitCheck {
  key: string;
  rule: RateLimitRule;
}

/**
 * Counter access that fails open: if the shared store (Redis) is down, sign-in keeps working
 * (argon2's cost still slows guessing) and the error is logged.
 */
export class RateLimiter {
  constructor(
    readonly store: RateLimitStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** 429 with Retry-After if any counter has already reached its limit (does not count). */
  async assertUnder(checks: LimitCheck[]): Promise<void> {
    let retryAfterMs = 0;
    for (const check of checks) {
      const current = await this.safe(() => this.store.peek(check.key), { count: 0, resetInMs: 0 });
      if (current.count >= check.rule.limit) retryAfterMs = Math.max(retryAfterMs, current.resetInMs);
    }
    if (retryAfterMs > 0) throw tooManyRequests(retryAfterMs / 1000);
  }

  /** Counts one hit on each key. */
  async count(checks: LimitCheck[]): Promise<void> {
    await Promise.all(checks.map((check) => this.safe(() => this.store.hit(check.key, check.rule.windowMs), undefined)));
  }

  /** Counts the hit first, then answers 429 if it went over: for endpoints where every call counts. */
  async consume(checks: LimitCheck[]): Promise<void> {
    let retryAfterMs = 0;
    for (const check of checks) {
      const after = await this.safe(() => this.store.hit(check.key, check.rule.windowMs), { count: 0, resetInMs: 0 });
      if (after.count > check.rule.limit) retryAfterMs = Math.max(retryAfterMs, after.resetInMs);
    }
    if (retryAfterMs > 0) throw tooManyRequests(retryAfterMs / 1000);
  }

  /** Waits as long as the failures counted under `key` call for (LOGIN_SLOWDOWN); fails open. */
  async slowDown(key: string): Promise<void> {
    const current = await this.safe(() => this.store.peek(key), { count: 0, resetInMs: 0 });
    const delay = loginDelayMs(current.count);
    if (delay > 0) await slowdown.wait(delay);
  }

  async clear(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.safe(() => this.store.clear(key), undefined)));
  }

  private async safe<T>(run: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await run();
    } catch (error) {
      this.log.error({ err: error }, 'rate-limit store unavailable; allowing the request');
      return fallback;
    }
  }
}
