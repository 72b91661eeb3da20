import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILED_TEXT, VALIDATION_MESSAGES } from '@grove/shared';
import { auditLog, passwordResetCodes, users } from '../../db/schema.js';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../mail/test-smtp-server.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { outboxEmails, type QueuedEmailView } from '../../test/outbox-emails.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { browser, call, login, type Browser } from './auth-test-client.js';
import { RESET_CODE_MAX_TRIES } from './reset-codes.js';
import { FORGOT_PASSWORD_TEXT, RESET_CODE_INVALID_TEXT, RESET_DONE_TEXT } from './service.js';

const NEW_PASSWORD = 'Quiet-Harbor-Kettle-93';
const CODE_ERROR = { message: RESET_CODE_INVALID_TEXT, errors: { code: [RESET_CODE_INVALID_TEXT] } };

function linkOf(mail: ReceivedMail): { url: URL; email: string; code: string } {
  const match = /https:\/\/portal\.grove\.test\/resetPassword\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  const url = new URL(match[0]);
  return { url, email: url.searchParams.get('email')!, code: url.searchParams.get('code')! };
}

describe(`forgot and reset password (${dbKind})`, () => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  let ipCounter = 0;
  /** Each test acts from its own address so the per-IP limits of one test do not leak into another. */
  const freshBrowser = () => browser(`10.9.0.${++ipCounter}`);

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.grove.test', RUN_JOBS: 'true' });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const forgot = (b: Browser, email: string) => call(ctx.app, b, { method: 'POST', url: '/api/Users/GenerateResetPasswordCode', payload: { email } });
  const reset = (b: Browser, body: { email: string; code: string; password?: string; confirmPassword?: string }) =>
    call(ctx.app, b, {
      method: 'POST',
      url: '/api/Users/ResetPassword',
      payload: { password: NEW_PASSWORD, confirmPassword: body.password ?? NEW_PASSWORD, ...body },
    });

  async function requestCode(b: Browser, email: string, previous?: ReceivedMail) {
    const res = await forgot(b, email);
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor(email, (m) => m !== previous && !smtp.mails.slice(smtp.mails.indexOf(m) + 1).some((n) => n.to.includes(email)));
    return { mail, ...linkOf(mail) };
  }

  it('forgot → email in the user’s language → reset → sign in with the new password; old sessions end', async () => {
    const user = await createUser(ctx, { roles: ['Property Manager'], email: 'Claire.Reset@example.com', firstName: 'Claire', language: 'fr' });
    const b = freshBrowser();
    const before = await login(ctx.app, 'claire.reset@example.com', TEST_PASSWORD, b);
    expect(before.res.statusCode).toBe(200);

    const res = await forgot(b, 'CLAIRE.reset@example.com');
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_TEXT });
    const mail = await smtp.waitFor('claire.reset@example.com');
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Grove');
    expect(mail.text).toContain('Bonjour Claire,');
    expect(mail.html).toContain('Choisir un nouveau mot de passe');
    const { url, email, code } = linkOf(mail);
    expect(url.pathname).toBe('/resetPassword');
    expect(email).toBe('claire.reset@example.com');
    expect(code.length).toBeGreaterThanOrEqual(32);

    const done = await reset(b, { email, code });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: RESET_DONE_TEXT });

    expect((await call(ctx.app, b, { method: 'GET', url: '/api/Users/me', token: before.token })).statusCode).toBe(401);
    expect((await call(ctx.app, b, { method: 'POST', url: '/api/token/refresh', token: before.token })).statusCode).toBe(401);
    expect((await login(ctx.app, 'claire.reset@example.com', TEST_PASSWORD, freshBrowser())).res.json()).toMatchObject({ error_description: LOGIN_FAILED_TEXT });
    expect((await login(ctx.app, 'claire.reset@example.com', NEW_PASSWORD, freshBrowser())).res.statusCode).toBe(200);

    // The code is stored hashed, and the delivered email's stored copy no longer holds the link.
    const codes = await ctx.database.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
    expect(codes.every((row) => row.codeHash !== code && row.usedAt !== null)).toBe(true);
    const [outbox] = await outboxEmails(ctx, 'claire.reset@example.com');
    expect(outbox).toMatchObject({ status: 'delivered', kind: 'password_reset', attempts: 1 });
    expect(outbox!.text).not.toContain(code);
    expect(outbox!.html).not.toContain(code);

    const audit = await ctx.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.subjectUserId, user.id));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['password.reset_requested', 'password.reset']));
  });

  it('uses a code once', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'once@example.com' });
    const b = freshBrowser();
    const { code } = await requestCode(b, 'once@example.com');
    expect((await reset(b, { email: 'once@example.com', code })).statusCode).toBe(200);
    const again = await reset(b, { email: 'once@example.com', code, password: 'Another-Fine-Passphrase-7' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(CODE_ERROR);
  });

  it('says whether a link is still usable before any password is typed, using up nothing (issue 17 §14)', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'check@example.com' });
    const b = freshBrowser();
    const { code } = await requestCode(b, 'check@example.com');
    const check = (email: string, value: string) =>
      call(ctx.app, b, { method: 'POST', url: '/api/Users/CheckResetCode', payload: { email, code: value } });
    // As many wrong checks as a code has tries: none is used up.
    for (let i = 0; i < RESET_CODE_MAX_TRIES; i++) {
      expect((await check('check@example.com', `wrong-${i}-${code.slice(8)}`)).json()).toEqual({ valid: false });
    }
    const live = await check('check@example.com', code);
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ valid: true });
    expect((await check('nobody.here@example.com', code)).json()).toEqual({ valid: false });
    // Checking used up no try: the link still works, and once used it is refused when the page opens.
    expect((await reset(b, { email: 'check@example.com', code })).statusCode).toBe(200);
    expect((await check('check@example.com', code)).json()).toEqual({ valid: false });
  });

  it(`kills the code after ${RESET_CODE_MAX_TRIES} wrong tries`, async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'tries@example.com' });
    const b = freshBrowser();
    const { code } = await requestCode(b, 'tries@example.com');
    for (let i = 0; i < RESET_CODE_MAX_TRIES; i++) {
      const wrong = await reset(b, { email: 'tries@example.com', code: `wrong-${i}-${code.slice(8)}` });
      expect(wrong.json()).toEqual(CODE_ERROR);
    }
    const right = await reset(b, { email: 'tries@example.com', code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual(CODE_ERROR);
  });

  it('lets only the newest code work', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'newest@example.com' });
    const b = freshBrowser();
    const first = await requestCode(b, 'newest@example.com');
    const second = await requestCode(b, 'newest@example.com', first.mail);
    expect(second.code).not.toBe(first.code);
    expect((await reset(b, { email: 'newest@example.com', code: first.code })).json()).toEqual(CODE_ERROR);
    expect((await reset(b, { email: 'newest@example.com', code: second.code })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const user = await createUser(ctx, { roles: ['Executive'], email: 'expired.code@example.com' });
    const b = freshBrowser();
    const { code } = await requestCode(b, 'expired.code@example.com');
    await ctx.database.db.update(passwordResetCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(passwordResetCodes.userId, user.id));
    expect((await reset(b, { email: 'expired.code@example.com', code })).json()).toEqual(CODE_ERROR);
  });

  it('refuses a weak password with the right code, which then still works', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'weak.reset@example.com', firstName: 'Walter' });
    const b = freshBrowser();
    const { code } = await requestCode(b, 'weak.reset@example.com');
    const weak = await reset(b, { email: 'weak.reset@example.com', code, password: 'walter2024' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<{ errors: Record<string, string[]> }>().errors).toEqual({ password: [VALIDATION_MESSAGES.passwordWeak] });
    expect((await reset(b, { email: 'weak.reset@example.com', code })).statusCode).toBe(200);
  });

  it('checks the form: confirmation must match, minimum length', async () => {
    const b = freshBrowser();
    const res = await reset(b, { email: 'x@example.com', code: 'abc', password: 'short', confirmPassword: 'other' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      password: ['Please enter at least 8 characters.'],
      confirmPassword: [VALIDATION_MESSAGES.passwordsDiffer],
    });
  });

  it('answers the same for an unknown or inactive email, and sends nothing', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'known@example.com' });
    await createUser(ctx, { roles: ['Executive'], email: 'sleeping@example.com', active: false });
    const known = await forgot(freshBrowser(), 'known@example.com');
    const unknown = await forgot(freshBrowser(), 'nobody.at.all@example.com');
    const inactive = await forgot(freshBrowser(), 'sleeping@example.com');
    for (const res of [unknown, inactive]) {
      expect(res.statusCode).toBe(known.statusCode);
      expect(res.body).toBe(known.body);
    }
    await smtp.waitFor('known@example.com');
    const rows = (await outboxEmails(ctx)).filter((mail) => ['nobody.at.all@example.com', 'sleeping@example.com'].includes(mail.to));
    expect(rows).toEqual([]);
    expect(smtp.mails.some((m) => m.to.includes('nobody.at.all@example.com') || m.to.includes('sleeping@example.com'))).toBe(false);
    // A reset attempt for an unknown email looks like a wrong code.
    expect((await reset(freshBrowser(), { email: 'nobody.at.all@example.com', code: 'abcdefabcdef' })).json()).toEqual(CODE_ERROR);
  });

  it('does not let a deactivated user reset', async () => {
    const user = await createUser(ctx, { roles: ['Executive'], email: 'deactivated.later@example.com' });
    const b = freshBrowser();
    const { code } = await requestCode(b, 'deactivated.later@example.com');
    await ctx.database.db.update(users).set({ active: false }).where(and(eq(users.id, user.id)));
    expect((await reset(b, { email: 'deactivated.later@example.com', code })).json()).toEqual(CODE_ERROR);
  });
});

describe(`forgot password without SMTP or PUBLIC_URL (${dbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ RUN_JOBS: 'true', ALLOWED_HOSTS: 'grove.local' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('keeps the email in the outbox with a link on the request’s own origin', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'local.reset@example.com', language: 'zh' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Users/GenerateResetPasswordCode',
      headers: { host: 'grove.local:3000' },
      payload: { email: 'local.reset@example.com' },
    });
    expect(res.statusCode).toBe(200);
    // Delivered to the log (no SMTP), and kept with its link: that is how a local user reads it.
    let row: QueuedEmailView | undefined;
    await expect
      .poll(async () => {
        [row] = await outboxEmails(ctx, 'local.reset@example.com');
        return row?.status;
      }, { timeout: 10_000 })
      .toBe('delivered');
    expect(row).toMatchObject({ status: 'delivered', subject: '重置您的 Grove 密码' });
    expect(row!.text).toMatch(/http:\/\/grove\.local:3000\/resetPassword\?email=local\.reset%40example\.com&code=[\w-]{32}/);
  });

  it('sends nothing for a Host outside ALLOWED_HOSTS: a forged Host never reaches a reset email', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'forged.host@example.com' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Users/GenerateResetPasswordCode',
      headers: { host: 'attacker.example:3000' },
      payload: { email: 'forged.host@example.com' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/host name is not allowed/);
    // Emails are queued in the transaction of the change (decision 009): had one been queued, it
    // would be in the outbox before the answer, so no wait is needed to see that none was.
    expect(await outboxEmails(ctx, 'forged.host@example.com')).toEqual([]);
  });
});
