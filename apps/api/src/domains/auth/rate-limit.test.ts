import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_FAILED_TEXT } from '@grove/shared';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { browser, call, login, type Browser } from './auth-test-client.js';
import { deviceCookieName } from './device-cookie.js';
import { LOGIN_SLOWDOWN, RATE_LIMITS, loginDelayMs, slowdown } from './rate-limits.js';

const WRONG = 'Wrong-Guess-Number-1';

function expect429(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }, maxSeconds: number) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect(res.json()).toEqual({ message: 'Too many attempts. Please wait and try again.' });
}

describe(`rate limits (${dbKind})`, () => {
  let ctx: TestContext;
  let subnet = 0;
  /** A fresh block of addresses per test: counters are per IP. */
  const ips = () => {
    const block = ++subnet;
    let host = 0;
    return () => `10.${block}.0.${++host}`;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('stops one address guessing one account (429 + Retry-After) but not the owner elsewhere', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'guessed@example.com' });
    const next = ips();
    const attacker = browser(next());
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerAccountAndIp.limit; i++) {
      expect((await login(ctx.app, 'guessed@example.com', WRONG, attacker)).res.statusCode).toBe(400);
    }
    // Blocked even with the right password: the limit is checked before the password.
    expect429((await login(ctx.app, 'guessed@example.com', TEST_PASSWORD, attacker)).res, 15 * 60);
    expect((await login(ctx.app, 'guessed@example.com', TEST_PASSWORD, browser(next()))).res.statusCode).toBe(200);
  });

  it('lets the owner’s known browser in during a distributed attack that blocks unknown browsers', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'target@example.com' });
    await createUser(ctx, { roles: ['Executive'], email: 'bystander@example.com' });
    const next = ips();
    const owner = browser(next());
    expect((await login(ctx.app, 'target@example.com', TEST_PASSWORD, owner)).res.statusCode).toBe(200);
    const device = owner.cookies[deviceCookieName(ctx.config.tokenSecret, 'target@example.com')];
    expect(device).toBeTruthy();

    // Many addresses, each staying under its own per-address limit, exhaust the account-wide one.
    const perIp = RATE_LIMITS.loginFailuresPerAccountAndIp.limit;
    for (let sent = 0; sent < RATE_LIMITS.loginFailuresPerAccount.limit; ) {
      const attacker = browser(next());
      for (let i = 0; i < perIp && sent < RATE_LIMITS.loginFailuresPerAccount.limit; i++, sent++) {
        expect((await login(ctx.app, 'target@example.com', WRONG, attacker)).res.statusCode).toBe(400);
      }
    }
    expect429((await login(ctx.app, 'target@example.com', TEST_PASSWORD, browser(next()))).res, 60 * 60);

    // The owner's browser, now on yet another network, still signs in.
    const travelling: Browser = { ip: next(), cookies: { ...owner.cookies } };
    expect((await login(ctx.app, 'target@example.com', TEST_PASSWORD, travelling)).res.statusCode).toBe(200);

    // A forged or another account's device cookie does not help.
    const forged = browser(next(), { [deviceCookieName(ctx.config.tokenSecret, 'target@example.com')]: `${device!.split('.')[0]}.AAAA` });
    expect((await login(ctx.app, 'target@example.com', TEST_PASSWORD, forged)).res.statusCode).toBe(429);
    const other = browser(next());
    await login(ctx.app, 'bystander@example.com', TEST_PASSWORD, other);
    const renamed = browser(next(), {
      [deviceCookieName(ctx.config.tokenSecret, 'target@example.com')]: other.cookies[deviceCookieName(ctx.config.tokenSecret, 'bystander@example.com')]!,
    });
    expect((await login(ctx.app, 'target@example.com', TEST_PASSWORD, renamed)).res.statusCode).toBe(429);
  });

  it('limits a known device by its own failures', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'device.owner@example.com' });
    const b = browser(ips()());
    await login(ctx.app, 'device.owner@example.com', TEST_PASSWORD, b);
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerDevice.limit; i++) {
      expect((await login(ctx.app, 'device.owner@example.com', WRONG, b)).res.statusCode).toBe(400);
    }
    expect429((await login(ctx.app, 'device.owner@example.com', TEST_PASSWORD, b)).res, 15 * 60);
  });

  // 300 sign-ins, each with a full password hash (unknown accounts too, so timing tells nothing):
  // a longer timeout than the default on a loaded machine.
  it('slows one address guessing across many accounts, and stops it only at a high ceiling', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'spray.victim@example.com' });
    const waits: number[] = [];
    const spy = vi.spyOn(slowdown, 'wait').mockImplementation(async (ms) => void waits.push(ms));
    try {
      const attacker = browser(ips()());
      for (let i = 0; i < RATE_LIMITS.loginFailuresPerIp.limit; i++) {
        const res = (await login(ctx.app, `sprayed${i}@example.com`, WRONG, attacker)).res;
        expect(res.json()).toMatchObject({ error_description: LOGIN_FAILED_TEXT });
      }
      // Free at first, then longer and longer waits up to the cap.
      expect(waits[0]).toBe(LOGIN_SLOWDOWN.stepMs);
      expect(waits.length).toBe(RATE_LIMITS.loginFailuresPerIp.limit - LOGIN_SLOWDOWN.freeFailures - 1);
      expect(waits.every((ms, i) => i === 0 || ms >= waits[i - 1]!)).toBe(true);
      expect(Math.max(...waits)).toBe(LOGIN_SLOWDOWN.maxDelayMs);
      expect429((await login(ctx.app, 'spray.victim@example.com', TEST_PASSWORD, attacker)).res, 15 * 60);
    } finally {
      spy.mockRestore();
    }
  }, 180_000);

  it('after 30 failed sign-ins from one address (an office), a colleague with the right password still signs in', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'colleague@example.com' });
    const waits: number[] = [];
    const spy = vi.spyOn(slowdown, 'wait').mockImplementation(async (ms) => void waits.push(ms));
    try {
      const office = ips()();
      // Thirty failures spread over many accounts, each under its own account + address limit.
      for (let i = 0; i < 30; i++) {
        expect((await login(ctx.app, `office${i % 8}@example.com`, WRONG, browser(office))).res.statusCode).toBe(400);
      }
      const colleague = await login(ctx.app, 'colleague@example.com', TEST_PASSWORD, browser(office));
      expect(colleague.res.statusCode).toBe(200);
      // It was slowed, not refused.
      expect(waits.at(-1)).toBe(loginDelayMs(30));
      expect(loginDelayMs(30)).toBeGreaterThan(0);
    } finally {
      spy.mockRestore();
    }
  }, 60_000);

  it('limits forgot-password per account (not for its known browser) and per address', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'forgetful@example.com' });
    const next = ips();
    const owner = browser(next());
    await login(ctx.app, 'forgetful@example.com', TEST_PASSWORD, owner);
    const forgot = (b: Browser, email: string) => call(ctx.app, b, { method: 'POST', url: '/api/Users/GenerateResetPasswordCode', payload: { email } });
    for (let i = 0; i < RATE_LIMITS.forgotPerAccount.limit; i++) expect((await forgot(browser(next()), 'forgetful@example.com')).statusCode).toBe(200);
    expect429(await forgot(browser(next()), 'forgetful@example.com'), 15 * 60);
    // Unknown emails are limited the same way, so the limit tells nothing about existence.
    for (let i = 0; i < RATE_LIMITS.forgotPerAccount.limit; i++) await forgot(browser(next()), 'ghost.forgot@example.com');
    expect((await forgot(browser(next()), 'ghost.forgot@example.com')).statusCode).toBe(429);
    expect((await forgot(owner, 'forgetful@example.com')).statusCode).toBe(200);

    const flooder = browser(next());
    for (let i = 0; i < RATE_LIMITS.forgotPerIp.limit; i++) expect((await forgot(flooder, `flood${i}@example.com`)).statusCode).toBe(200);
    expect429(await forgot(flooder, 'flood-last@example.com'), 15 * 60);
  });

  it('limits reset attempts per address and per account', async () => {
    const next = ips();
    const reset = (b: Browser, email: string) =>
      call(ctx.app, b, {
        method: 'POST',
        url: '/api/Users/ResetPassword',
        payload: { email, code: 'not-the-code', password: 'Quiet-Harbor-Kettle-93', confirmPassword: 'Quiet-Harbor-Kettle-93' },
      });
    const guesser = browser(next());
    for (let i = 0; i < RATE_LIMITS.resetPerIp.limit; i++) expect((await reset(guesser, `r${i}@example.com`)).statusCode).toBe(400);
    expect429(await reset(guesser, 'r-last@example.com'), 15 * 60);

    for (let i = 0; i < RATE_LIMITS.resetPerAccount.limit; i++) expect((await reset(browser(next()), 'one.account@example.com')).statusCode).toBe(400);
    expect429(await reset(browser(next()), 'one.account@example.com'), 15 * 60);
  });

  it('limits failed refreshes per address', async () => {
    const b = browser(ips()());
    for (let i = 0; i < RATE_LIMITS.refreshFailuresPerIp.limit; i++) {
      expect((await call(ctx.app, b, { method: 'POST', url: '/api/token/refresh', token: 'not.a.token' })).statusCode).toBe(401);
    }
    expect429(await call(ctx.app, b, { method: 'POST', url: '/api/token/refresh', token: 'not.a.token' }), 5 * 60);
  });
});

describe(`rate limits shared through Redis (${dbKind})`, () => {
  let first: TestContext;
  let second: TestContext;
  beforeAll(async () => {
    const env = { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
    first = await createTestContext(env);
    second = await createTestContext(env);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('counts failures seen by two API processes together', async () => {
    // Random address and account: the Redis server outlives this run and is shared.
    const tag = randomBytes(4).toString('hex');
    const ip = `10.250.${parseInt(tag.slice(0, 2), 16)}.${parseInt(tag.slice(2, 4), 16)}`;
    const username = `shared.${tag}@example.com`;
    const limit = RATE_LIMITS.loginFailuresPerAccountAndIp.limit;
    for (let i = 0; i < limit; i++) {
      const app = i % 2 === 0 ? first.app : second.app;
      expect((await login(app, username, WRONG, browser(ip))).res.statusCode).toBe(400);
    }
    expect((await login(first.app, username, WRONG, browser(ip))).res.statusCode).toBe(429);
    expect((await login(second.app, username, WRONG, browser(ip))).res.statusCode).toBe(429);
  });
});

describe(`rate limits with Redis unreachable (${dbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('fails open: sign-in keeps working', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'no.redis@example.com' });
    expect((await login(ctx.app, 'no.redis@example.com', WRONG)).res.statusCode).toBe(400);
    expect((await login(ctx.app, 'no.redis@example.com', TEST_PASSWORD)).res.statusCode).toBe(200);
  });
});
