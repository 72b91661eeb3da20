import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILED_TEXT } from '@grove/shared';
import { sessions, users } from '../../db/schema.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { browser, call, fingerprintOf, login, type Browser } from './auth-test-client.js';
import { revokeUserSessions } from './sessions.js';
import { FINGERPRINT_COOKIE, hashFingerprint, signAccessToken, verifyAccessToken } from './tokens.js';

describe(`POST /api/token/refresh and logout (${dbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function signedIn(email: string, roles: Parameters<typeof createUser>[1]['roles'] = ['Executive']) {
    const user = await createUser(ctx, { roles, email });
    const b = browser();
    const { token } = await login(ctx.app, email, TEST_PASSWORD, b);
    const claims = (await verifyAccessToken(token, ctx.config.tokenSecret))!;
    return { user, b, token, sessionId: claims.sid };
  }

  /** The same session's token, signed as if it had expired a minute ago. */
  async function expiredToken(userId: string, sessionId: string, b: Browser) {
    const issued = await signAccessToken({ sub: userId, sid: sessionId, fph: hashFingerprint(fingerprintOf(b)!) }, ctx.config.tokenSecret, -60);
    return issued.token;
  }

  const refresh = (b: Browser, token?: string) => call(ctx.app, b, { method: 'POST', url: '/api/token/refresh', ...(token ? { token } : {}) });

  it('gives a new token with the same shape while the session is alive', async () => {
    const { user, b, token } = await signedIn('refresh.ok@example.com');
    const res = await refresh(b, token);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; expiresAt: string; user: { id: string; role: string } }>();
    expect(Object.keys(body).sort()).toEqual(['expiresAt', 'token', 'user']);
    expect(body.user).toMatchObject({ id: user.id, role: 'Executive' });
    expect((await call(ctx.app, b, { method: 'GET', url: '/api/Users/me', token: body.token })).statusCode).toBe(200);
  });

  it('accepts an expired token whose session is alive, though other routes refuse it', async () => {
    const { user, b, sessionId } = await signedIn('refresh.expired@example.com');
    const expired = await expiredToken(user.id, sessionId, b);
    expect((await call(ctx.app, b, { method: 'GET', url: '/api/Users/me', token: expired })).statusCode).toBe(401);
    const res = await refresh(b, expired);
    expect(res.statusCode).toBe(200);
    const fresh = res.json<{ token: string }>().token;
    expect((await call(ctx.app, b, { method: 'GET', url: '/api/Users/me', token: fresh })).statusCode).toBe(200);
  });

  it('fails with 401 and the spec text without a token, without the cookie, or with a forged token', async () => {
    const { token, user, sessionId, b } = await signedIn('refresh.bad@example.com');
    const noToken = await refresh(b);
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toEqual({ message: LOGIN_FAILED_TEXT });
    expect((await refresh(browser(), token)).statusCode).toBe(401);
    const forged = await signAccessToken({ sub: user.id, sid: sessionId, fph: hashFingerprint(fingerprintOf(b)!) }, 'x'.repeat(40), 900);
    expect((await refresh(b, forged.token)).statusCode).toBe(401);
  });

  it('fails after logout, and logout clears the fingerprint cookie', async () => {
    const { b, token } = await signedIn('refresh.logout@example.com');
    const kept = fingerprintOf(b)!;
    const out = await call(ctx.app, b, { method: 'POST', url: '/api/token/logout', token });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find((c) => c.name === FINGERPRINT_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/api');
    // Even with the old cookie kept, the session is gone.
    const stale = browser('127.0.0.1', { [FINGERPRINT_COOKIE]: kept });
    expect((await refresh(stale, token)).statusCode).toBe(401);
    expect((await call(ctx.app, stale, { method: 'GET', url: '/api/Users/me', token })).statusCode).toBe(401);
  });

  it('fails after the sessions are revoked (e.g. a role change) and after deactivation', async () => {
    const revoked = await signedIn('refresh.revoked@example.com');
    await revokeUserSessions(ctx.database.db, revoked.user.id, 'roles_changed');
    expect((await refresh(revoked.b, revoked.token)).statusCode).toBe(401);

    const deactivated = await signedIn('refresh.inactive@example.com');
    await ctx.database.db.update(users).set({ active: false }).where(eq(users.id, deactivated.user.id));
    expect((await refresh(deactivated.b, deactivated.token)).statusCode).toBe(401);
  });

  it('reloads the user, so a role change shows at the next refresh', async () => {
    const { user, b, token } = await signedIn('refresh.roles@example.com', ['Account Manager']);
    await ctx.database.db.update(users).set({ roles: ['Account Manager', 'Branch Manager'] }).where(eq(users.id, user.id));
    const res = await refresh(b, token);
    expect(res.json<{ user: { role: string } }>().user.role).toBe('Account Manager,Branch Manager');
  });

  it('ends the session after the idle limit and after the absolute limit', async () => {
    const idle = await signedIn('refresh.idle@example.com');
    await ctx.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - make_interval(mins => ${ctx.config.sessionIdleMinutes + 1})` })
      .where(eq(sessions.id, idle.sessionId));
    expect((await refresh(idle.b, await expiredToken(idle.user.id, idle.sessionId, idle.b))).statusCode).toBe(401);

    const old = await signedIn('refresh.absolute@example.com');
    await ctx.database.db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(sessions.id, old.sessionId));
    expect((await refresh(old.b, old.token)).statusCode).toBe(401);
  });

  it('marks the session used, which restarts its idle clock', async () => {
    const s = await signedIn('refresh.touch@example.com');
    await ctx.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - make_interval(mins => ${ctx.config.sessionIdleMinutes - 1})` })
      .where(eq(sessions.id, s.sessionId));
    expect((await refresh(s.b, s.token)).statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select({ idleSeconds: sql<number>`extract(epoch from now() - ${sessions.lastSeenAt})::int` })
      .from(sessions)
      .where(eq(sessions.id, s.sessionId));
    expect(Number(row!.idleSeconds)).toBeLessThan(60);
  });
});
