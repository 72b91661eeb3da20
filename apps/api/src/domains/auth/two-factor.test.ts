import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILED_TEXT, RECOVERY_CODE_COUNT, tokenResponseSchema, twoFactorChallengeSchema, userSessionListSchema } from '@grove/shared';
import { totpRecoveryCodes, users } from '../../db/schema.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { browser, call, login, type Browser } from './auth-test-client.js';
import { TWO_FACTOR_CODE_INVALID_TEXT, TWO_FACTOR_REQUIRED_TEXT } from './two-factor.js';

/** The code an authenticator app shows `offsetSteps` periods from now. */
const codeAt = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

describe(`two-factor sign-in and sessions (${dbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** Signs in with a password and turns two-factor on; returns the secret and recovery codes. */
  async function enrol(email: string, from: Browser) {
    const { token } = await login(ctx.app, email, TEST_PASSWORD, from);
    const setup = await call(ctx.app, from, { method: 'POST', url: '/api/Users/me/two-factor/setup', token });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri } = setup.json<{ secret: string; otpauthUri: string }>();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Grove:/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    // Not on until a code proves the app holds the secret.
    const before = await call(ctx.app, from, { method: 'GET', url: '/api/Users/me/two-factor', token });
    expect(before.json()).toMatchObject({ enabled: false });
    const wrong = await call(ctx.app, from, { method: 'POST', url: '/api/Users/me/two-factor/confirm', token, payload: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ errors: object }>().errors).toEqual({ code: [TWO_FACTOR_CODE_INVALID_TEXT] });
    const confirm = await call(ctx.app, from, { method: 'POST', url: '/api/Users/me/two-factor/confirm', token, payload: { code: await codeAt(secret) } });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json<{ recoveryCodes: string[] }>();
    return { token, secret, recoveryCodes };
  }

  async function passwordStep(email: string, from: Browser) {
    const res = await login(ctx.app, email, TEST_PASSWORD, from);
    expect(res.res.statusCode).toBe(200);
    return twoFactorChallengeSchema.strict().parse(res.res.json());
  }

  const codeStep = (from: Browser, challenge: string, code: string) =>
    call(ctx.app, from, { method: 'POST', url: '/api/token/two-factor', payload: { challenge, code } });

  it('enrols an authenticator app; sign-in then asks for a code after the password', async () => {
    const user = await createUser(ctx, { roles: ['Account Manager'], email: 'tf.enrol@example.com' });
    const b = browser('10.20.0.1');
    const { token, secret, recoveryCodes } = await enrol('tf.enrol@example.com', b);
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    const status = await call(ctx.app, b, { method: 'GET', url: '/api/Users/me/two-factor', token });
    expect(status.json()).toMatchObject({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT, required: false });

    // Secrets and codes are not stored as given.
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.totpSecret).not.toContain(secret);
    expect(row!.totpPendingSecret).toBeNull();
    const stored = await ctx.database.db.select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, user.id));
    expect(stored.map((r) => r.codeHash)).not.toContain(recoveryCodes[0]);

    // The password alone gives a challenge, no token and no session cookie.
    const other = browser('10.20.0.2');
    const challenge = await passwordStep('tf.enrol@example.com', other);
    expect(challenge.twoFactor).toBe('code');
    expect(other.cookies.grove_fp).toBeUndefined();
    // The challenge is not an access token.
    expect((await call(ctx.app, other, { method: 'GET', url: '/api/Users/me', token: challenge.challenge })).statusCode).toBe(401);

    // The code used to enrol is spent; the next one of the app signs in.
    const replayEnrolCode = await codeStep(other, challenge.challenge, await codeAt(secret));
    expect(replayEnrolCode.statusCode).toBe(400);
    const nextCode = await codeAt(secret, 1);
    const signedIn = await codeStep(other, challenge.challenge, nextCode);
    expect(signedIn.statusCode).toBe(200);
    const body = tokenResponseSchema.parse(signedIn.json());
    expect((await call(ctx.app, other, { method: 'GET', url: '/api/Users/me', token: body.token })).statusCode).toBe(200);

    // The same code again (replay) is refused, even with a fresh password step.
    const again = await passwordStep('tf.enrol@example.com', browser('10.20.0.3'));
    const replay = await codeStep(browser('10.20.0.3'), again.challenge, nextCode);
    expect(replay.statusCode).toBe(400);
    expect(replay.json<{ message: string }>().message).toBe(TWO_FACTOR_CODE_INVALID_TEXT);
  });

  it('refuses wrong codes and a bad or forged challenge; a wrong password still gives the spec text', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'tf.wrong@example.com' });
    const b = browser('10.21.0.1');
    const { secret } = await enrol('tf.wrong@example.com', b);
    const from = browser('10.21.0.2');
    const { challenge } = await passwordStep('tf.wrong@example.com', from);
    for (const code of ['123456', 'abc', '00000a', 'zzzzz-zzzzz']) {
      const res = await codeStep(from, challenge, code);
      expect(res.statusCode, code).toBe(400);
    }
    const forged = await codeStep(from, `${challenge.slice(0, -4)}AAAA`, await codeAt(secret, 1));
    expect(forged.statusCode).toBe(400);
    expect(forged.json<{ errors: object }>().errors).toHaveProperty('challenge');
    const badPassword = await login(ctx.app, 'tf.wrong@example.com', 'Not-The-Password-1', browser('10.21.0.3'));
    expect(badPassword.res.statusCode).toBe(400);
    expect(badPassword.res.json()).toMatchObject({ error_description: LOGIN_FAILED_TEXT });
  });

  it('a recovery code signs in once, and only once', async () => {
    await createUser(ctx, { roles: ['Crew Leader'], email: 'tf.recovery@example.com' });
    const home = browser('10.22.0.1');
    const { token, recoveryCodes } = await enrol('tf.recovery@example.com', home);
    const code = recoveryCodes[3]!;
    const from = browser('10.22.0.2');
    const first = await passwordStep('tf.recovery@example.com', from);
    // Typed in capitals with spaces: still the code.
    const ok = await codeStep(from, first.challenge, ` ${code.toUpperCase()} `);
    expect(ok.statusCode).toBe(200);
    const second = await passwordStep('tf.recovery@example.com', from);
    const used = await codeStep(from, second.challenge, code);
    expect(used.statusCode).toBe(400);
    const status = await call(ctx.app, home, { method: 'GET', url: '/api/Users/me/two-factor', token });
    expect(status.json()).toMatchObject({ recoveryCodesLeft: RECOVERY_CODE_COUNT - 1 });
  });

  it('counts wrong codes like failed sign-ins: the right code is refused once the limit is reached', async () => {
    await createUser(ctx, { roles: ['Branch Manager'], email: 'tf.limit@example.com' });
    const { secret } = await enrol('tf.limit@example.com', browser('10.23.0.1'));
    const from = browser('10.23.0.2');
    const { challenge } = await passwordStep('tf.limit@example.com', from);
    // enrol() typed one wrong code already: four more reach the limit of five.
    for (let i = 0; i < 4; i++) expect((await codeStep(from, challenge, String(100000 + i))).statusCode).toBe(400);
    const blocked = await codeStep(from, challenge, await codeAt(secret, 1));
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The four wrong codes also counted as failed sign-ins from this address: one wrong password
    // more reaches its limit of five, and then even the right password waits.
    expect((await login(ctx.app, 'tf.limit@example.com', 'Not-The-Password-1', from)).res.statusCode).toBe(400);
    expect((await login(ctx.app, 'tf.limit@example.com', TEST_PASSWORD, from)).res.statusCode).toBe(429);
    // And the per-account code counter holds from another address too.
    const elsewhere = browser('10.23.0.3');
    const second = await passwordStep('tf.limit@example.com', elsewhere);
    expect((await codeStep(elsewhere, second.challenge, await codeAt(secret, 1))).statusCode).toBe(429);
  });

  it('turning it off needs the current password; new recovery codes need a code and replace the old ones', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'tf.off@example.com' });
    const b = browser('10.24.0.1');
    const { token, secret, recoveryCodes } = await enrol('tf.off@example.com', b);
    const fresh = await call(ctx.app, b, { method: 'POST', url: '/api/Users/me/two-factor/recovery-codes', token, payload: { code: await codeAt(secret, 1) } });
    expect(fresh.statusCode).toBe(200);
    const newCodes = fresh.json<{ recoveryCodes: string[] }>().recoveryCodes;
    const from = browser('10.24.0.2');
    const step = await passwordStep('tf.off@example.com', from);
    expect((await codeStep(from, step.challenge, recoveryCodes[0]!)).statusCode).toBe(400);
    expect((await codeStep(from, step.challenge, newCodes[0]!)).statusCode).toBe(200);

    const wrong = await call(ctx.app, b, { method: 'POST', url: '/api/Users/me/two-factor/disable', token, payload: { currentPassword: 'Not-It-1' } });
    expect(wrong.statusCode).toBe(400);
    const off = await call(ctx.app, b, { method: 'POST', url: '/api/Users/me/two-factor/disable', token, payload: { currentPassword: TEST_PASSWORD } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    const plain = await login(ctx.app, 'tf.off@example.com', TEST_PASSWORD, browser('10.24.0.3'));
    expect(tokenResponseSchema.safeParse(plain.res.json()).success).toBe(true);
  });

  it('the System Admin policy makes staff enrol at their next sign-in; customers are not asked', async () => {
    const admin = await createUser(ctx, { roles: ['System Admin'], email: 'tf.admin@example.com' });
    await createUser(ctx, { roles: ['Account Manager'], email: 'tf.staff@example.com' });
    await createUser(ctx, { roles: ['Property Manager'], email: 'tf.customer@example.com' });
    const ab = browser('10.25.0.1');
    const adminLogin = await login(ctx.app, admin.email, TEST_PASSWORD, ab);
    const staffBrowser = browser('10.25.0.2');
    const staffBefore = await login(ctx.app, 'tf.staff@example.com', TEST_PASSWORD, staffBrowser);
    expect(staffBefore.res.statusCode).toBe(200);

    const notAdmin = await call(ctx.app, staffBrowser, { method: 'PUT', url: '/api/SignInPolicy', token: staffBefore.token, payload: { requireStaffTwoFactor: true } });
    expect(notAdmin.statusCode).toBe(403);
    const set = await call(ctx.app, ab, { method: 'PUT', url: '/api/SignInPolicy', token: adminLogin.token, payload: { requireStaffTwoFactor: true } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ requireStaffTwoFactor: true });

    // A session from before the change goes on; the next sign-in must enrol.
    expect((await call(ctx.app, staffBrowser, { method: 'GET', url: '/api/Users/me', token: staffBefore.token })).statusCode).toBe(200);
    const from = browser('10.25.0.3');
    const step = await passwordStep('tf.staff@example.com', from);
    expect(step.twoFactor).toBe('enrol');
    // No way around it: a made-up code without set-up is refused.
    expect((await codeStep(from, step.challenge, '123456')).statusCode).toBe(400);
    const setup = await call(ctx.app, from, { method: 'POST', url: '/api/token/two-factor/setup', payload: { challenge: step.challenge } });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    const enrolled = await codeStep(from, step.challenge, await codeAt(secret));
    expect(enrolled.statusCode).toBe(200);
    const enrolledBody = enrolled.json<{ token: string; recoveryCodes: string[] }>();
    expect(enrolledBody.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    // Required: it cannot be turned off.
    const off = await call(ctx.app, from, { method: 'POST', url: '/api/Users/me/two-factor/disable', token: enrolledBody.token, payload: { currentPassword: TEST_PASSWORD } });
    expect(off.statusCode).toBe(409);
    expect(off.json<{ message: string }>().message).toBe(TWO_FACTOR_REQUIRED_TEXT);
    const status = await call(ctx.app, from, { method: 'GET', url: '/api/Users/me/two-factor', token: enrolledBody.token });
    expect(status.json()).toMatchObject({ enabled: true, required: true });
    // Next time it asks for a code.
    expect((await passwordStep('tf.staff@example.com', browser('10.25.0.4'))).twoFactor).toBe('code');

    const customer = await login(ctx.app, 'tf.customer@example.com', TEST_PASSWORD, browser('10.25.0.5'));
    expect(tokenResponseSchema.safeParse(customer.res.json()).success).toBe(true);
    // The admin turns it back off for the rest of the file.
    await call(ctx.app, ab, { method: 'PUT', url: '/api/SignInPolicy', token: adminLogin.token, payload: { requireStaffTwoFactor: false } });
  });

  it('lists my live sessions; revoking one ends it at once; sign out everywhere ends them all', async () => {
    await createUser(ctx, { roles: ['Regional Director'], email: 'tf.sessions@example.com' });
    const laptop = browser('10.26.0.1');
    const phone = browser('10.26.0.2');
    const a = await login(ctx.app, 'tf.sessions@example.com', TEST_PASSWORD, laptop);
    const phoneLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { username: 'tf.sessions@example.com', password: TEST_PASSWORD },
      remoteAddress: phone.ip,
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' },
    });
    for (const cookie of phoneLogin.cookies) phone.cookies[cookie.name] = cookie.value;
    const phoneToken = phoneLogin.json<{ token: string }>().token;
    const third = await login(ctx.app, 'tf.sessions@example.com', TEST_PASSWORD, browser('10.26.0.3'));

    const list = await call(ctx.app, laptop, { method: 'GET', url: '/api/Users/me/sessions', token: a.token });
    const sessions = userSessionListSchema.strict().parse(list.json()).data;
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => s.current)!.ip).toBe('10.26.0.1');
    const phoneSession = sessions.find((s) => s.ip === '10.26.0.2')!;
    expect(phoneSession.userAgent).toContain('iPhone');

    // Someone else's session cannot be revoked (404), nor seen.
    await createUser(ctx, { roles: ['Executive'], email: 'tf.stranger@example.com' });
    const stranger = browser('10.26.0.9');
    const s = await login(ctx.app, 'tf.stranger@example.com', TEST_PASSWORD, stranger);
    expect((await call(ctx.app, stranger, { method: 'DELETE', url: `/api/Users/me/sessions/${phoneSession.id}`, token: s.token })).statusCode).toBe(404);
    expect((await call(ctx.app, phone, { method: 'GET', url: '/api/Users/me', token: phoneToken })).statusCode).toBe(200);

    expect((await call(ctx.app, laptop, { method: 'DELETE', url: `/api/Users/me/sessions/${phoneSession.id}`, token: a.token })).statusCode).toBe(204);
    expect((await call(ctx.app, phone, { method: 'GET', url: '/api/Users/me', token: phoneToken })).statusCode).toBe(401);
    expect((await call(ctx.app, phone, { method: 'POST', url: '/api/token/refresh', token: phoneToken })).statusCode).toBe(401);
    const after = await call(ctx.app, laptop, { method: 'GET', url: '/api/Users/me/sessions', token: a.token });
    expect(after.json<{ data: unknown[] }>().data).toHaveLength(2);

    const unconfirmed = await call(ctx.app, laptop, { method: 'POST', url: '/api/Users/me/sessions/sign-out-everywhere', token: a.token, payload: {} });
    expect(unconfirmed.statusCode).toBe(400);
    const everywhere = await call(ctx.app, laptop, { method: 'POST', url: '/api/Users/me/sessions/sign-out-everywhere', token: a.token, payload: { confirm: true } });
    expect(everywhere.statusCode).toBe(204);
    expect((await call(ctx.app, laptop, { method: 'GET', url: '/api/Users/me', token: a.token })).statusCode).toBe(401);
    expect((await call(ctx.app, browser('10.26.0.3'), { method: 'GET', url: '/api/Users/me', token: third.token })).statusCode).toBe(401);
    // The stranger's session is untouched.
    expect((await call(ctx.app, stranger, { method: 'GET', url: '/api/Users/me', token: s.token })).statusCode).toBe(200);
  });

  it('keeps a time zone on the profile and refuses unknown zones', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'tf.zone@example.com' });
    const b = browser('10.27.0.1');
    const { token } = await login(ctx.app, 'tf.zone@example.com', TEST_PASSWORD, b);
    const put = (payload: object) => call(ctx.app, b, { method: 'PUT', url: '/api/Users/me', token, payload: { firstName: 'Zo', lastName: 'Ne', language: 'de', ...payload } });
    expect((await put({ timeZone: 'Europe/Berlin' })).json()).toMatchObject({ timeZone: 'Europe/Berlin' });
    // Left out: unchanged (the language switcher sends only the older fields).
    expect((await put({})).json()).toMatchObject({ timeZone: 'Europe/Berlin' });
    const bad = await put({ timeZone: 'Mars/Olympus_Mons' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: object }>().errors).toHaveProperty('timeZone');
    expect((await put({ timeZone: null })).json()).toMatchObject({ timeZone: null });
  });
});
