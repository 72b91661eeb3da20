import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILED_TEXT, sessionUserSchema } from '@grove/shared';
import { auditLog, users } from '../../db/schema.js';
import { createCustomer, createUser, linkCustomerUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { browser, call, login } from './auth-test-client.js';
import { FINGERPRINT_COOKIE, hashFingerprint, verifyAccessToken } from './tokens.js';

const LOGIN_FAILURE = { message: LOGIN_FAILED_TEXT, error: 'invalid_grant', error_description: LOGIN_FAILED_TEXT };

describe(`POST /api/token (${dbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('signs in: token bound to a fingerprint cookie, user with comma-separated roles and customers', async () => {
    const customerA = await createCustomer(ctx);
    const customerB = await createCustomer(ctx);
    const user = await createUser(ctx, { roles: ['Property Manager', 'Board Member'], email: 'pm.login@example.com', language: 'de' });
    await linkCustomerUser(ctx, customerA.id, user.id);
    await linkCustomerUser(ctx, customerB.id, user.id);
    await linkCustomerUser(ctx, (await createCustomer(ctx)).id, user.id, 'pending_approval');

    const b = browser();
    const { res, token } = await login(ctx.app, 'pm.login@example.com', TEST_PASSWORD, b);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; expiresAt: string; user: unknown }>();
    expect(Object.keys(body).sort()).toEqual(['expiresAt', 'token', 'user']);
    const parsed = sessionUserSchema.strict().parse(body.user);
    expect(parsed).toMatchObject({ id: user.id, role: 'Property Manager,Board Member', roles: ['Property Manager', 'Board Member'], language: 'de' });
    expect([...parsed.customerIds].sort()).toEqual([customerA.id, customerB.id].sort());
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now());

    const cookie = res.cookies.find((c) => c.name === FINGERPRINT_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    expect(cookie.secure).toBeFalsy();
    const claims = await verifyAccessToken(token, ctx.config.tokenSecret);
    expect(claims?.fph).toBe(hashFingerprint(cookie.value));
    expect(claims?.sub).toBe(user.id);

    const me = await call(ctx.app, b, { method: 'GET', url: '/api/Users/me', token });
    expect(me.statusCode).toBe(200);
    const [row] = await ctx.database.db.select({ lastLoginAt: users.lastLoginAt }).from(users).where(eq(users.id, user.id));
    expect(row!.lastLoginAt).not.toBeNull();
  });

  it('staff get an empty customer list', async () => {
    await createUser(ctx, { roles: ['Branch Manager'], email: 'bm.login@example.com' });
    const { res } = await login(ctx.app, 'bm.login@example.com', TEST_PASSWORD);
    expect(res.json<{ user: { role: string; customerIds: string[] } }>().user).toMatchObject({ role: 'Branch Manager', customerIds: [] });
  });

  it('matches the username case-insensitively', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'exec.case@example.com' });
    const { res } = await login(ctx.app, '  Exec.CASE@Example.com ', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
  });

  it('gives the same 400 for a wrong password, an unknown user and an inactive user', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'wrong.pw@example.com' });
    await createUser(ctx, { roles: ['Executive'], email: 'inactive@example.com', active: false });
    await createUser(ctx, { roles: ['Executive'], email: 'invited@example.com', password: null });
    const attempts = [
      ['wrong.pw@example.com', 'Not-The-Password-9'],
      ['nobody-here@example.com', TEST_PASSWORD],
      ['inactive@example.com', TEST_PASSWORD],
      ['invited@example.com', ''],
    ] as const;
    for (const [username, password] of attempts) {
      const { res } = await login(ctx.app, username, password || 'anything-at-all', browser(`10.0.0.${attempts.findIndex((a) => a[0] === username) + 1}`));
      expect(res.statusCode, username).toBe(400);
      expect(res.json(), username).toEqual(LOGIN_FAILURE);
      expect(res.cookies, username).toEqual([]);
    }
  });

  it('takes about as long for an unknown user as for a wrong password (argon2 runs either way)', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'timing@example.com' });
    // CPU time of this process (argon2's worker threads included), not wall-clock time: other load on
    // the machine slows both cases alike in wall-clock terms but adds nothing to our CPU time.
    const time = async (username: string, ip: string) => {
      const started = process.cpuUsage();
      await login(ctx.app, username, 'Wrong-Password-77', browser(ip));
      const used = process.cpuUsage(started);
      return (used.user + used.system) / 1000;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await time('timing@example.com', `10.1.0.${i}`));
      unknown.push(await time(`ghost${i}@example.com`, `10.1.1.${i}`));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // argon2 at 19 MiB costs tens of milliseconds of CPU; skipping it would make unknown users ~10x cheaper.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it('validates the body with field errors', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/token', payload: { username: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      username: ['This field is required.'],
      password: ['This field is required.'],
    });
  });

  it('refuses a token presented without its fingerprint cookie, or with another browser’s cookie', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'cookie@example.com' });
    const first = browser();
    const { token } = await login(ctx.app, 'cookie@example.com', TEST_PASSWORD, first);
    const noCookie = await ctx.app.inject({ method: 'GET', url: '/api/Users/me', headers: { authorization: `Bearer ${token}` } });
    expect(noCookie.statusCode).toBe(401);
    const second = browser();
    await login(ctx.app, 'cookie@example.com', TEST_PASSWORD, second);
    const stolen = await call(ctx.app, second, { method: 'GET', url: '/api/Users/me', token });
    expect(stolen.statusCode).toBe(401);
    expect((await call(ctx.app, first, { method: 'GET', url: '/api/Users/me', token })).statusCode).toBe(200);
  });

  it('audits successes with the user and failures with only the attempted username', async () => {
    const user = await createUser(ctx, { roles: ['Executive'], email: 'audit.me@example.com' });
    await login(ctx.app, 'audit.me@example.com', TEST_PASSWORD, browser('10.2.0.1'));
    await login(ctx.app, 'audit.me@example.com', 'Nope-Nope-Nope-1', browser('10.2.0.2'));
    await login(ctx.app, 'ghost.audit@example.com', 'Nope-Nope-Nope-1', browser('10.2.0.3'));
    const rows = await ctx.database.db.select().from(auditLog).orderBy(desc(auditLog.createdAt));
    const success = rows.find((r) => r.action === 'login.succeeded' && r.subjectUserId === user.id);
    expect(success).toMatchObject({ actorId: user.id, ip: '10.2.0.1' });
    const failures = rows.filter((r) => r.action === 'login.failed' && ['10.2.0.2', '10.2.0.3'].includes(r.ip ?? ''));
    expect(failures).toHaveLength(2);
    for (const failure of failures) {
      expect(failure.subjectUserId).toBeNull();
      expect(failure.actorId).toBeNull();
    }
    expect(failures.map((f) => f.detail?.username).sort()).toEqual(['audit.me@example.com', 'ghost.audit@example.com']);
    const own = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'login.failed'), eq(auditLog.ip, '10.2.0.2')));
    expect(own[0]!.detail).toEqual({ username: 'audit.me@example.com' });
  });
});

describe(`POST /api/token over https (${dbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('marks its cookies Secure', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'secure@example.com' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { username: 'secure@example.com', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.length).toBeGreaterThanOrEqual(2);
    for (const cookie of res.cookies) expect(cookie.secure, cookie.name).toBe(true);
  });
});

describe(`POST /api/token behind a TLS proxy that talks http (${dbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://portal.example.com' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('marks its cookies Secure because PUBLIC_URL is https', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'behind-proxy@example.com' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'behind-proxy@example.com', password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.length).toBeGreaterThanOrEqual(2);
    for (const cookie of res.cookies) expect(cookie.secure, cookie.name).toBe(true);
  });
});
