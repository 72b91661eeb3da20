import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userProfileSchema, VALIDATION_MESSAGES } from '@grove/shared';
import { auditLog } from '../../db/schema.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { browser, call, login } from './auth-test-client.js';

describe(`/api/Users/me (${dbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/Users/me' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/Users/me', payload: {} })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/Users/me/password', payload: {} })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/token/logout' })).statusCode).toBe(401);
  });

  it('shows and updates my profile, never roles or email', async () => {
    const user = await createUser(ctx, { roles: ['Crew Leader'], email: 'me.profile@example.com', firstName: 'Ana', lastName: 'Ruiz', phone: '555-0100' });
    const b = browser();
    const { token } = await login(ctx.app, 'me.profile@example.com', TEST_PASSWORD, b);
    const me = await call(ctx.app, b, { method: 'GET', url: '/api/Users/me', token });
    expect(userProfileSchema.strict().parse(me.json())).toMatchObject({
      id: user.id,
      email: 'me.profile@example.com',
      firstName: 'Ana',
      phone: '555-0100',
      title: null,
      role: 'Crew Leader',
      language: 'en',
    });
    expect(me.json<{ lastLoginAt: string }>().lastLoginAt).toBeTruthy();

    const updated = await call(ctx.app, b, {
      method: 'PUT',
      url: '/api/Users/me',
      token,
      payload: { firstName: ' Ana María ', lastName: 'Ruiz', phone: '', title: 'Crew lead, north', language: 'es', role: 'System Admin', email: 'x@example.com' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ firstName: 'Ana María', phone: null, title: 'Crew lead, north', language: 'es', role: 'Crew Leader', email: 'me.profile@example.com' });
    // The new language travels with the next token too.
    const refreshed = await call(ctx.app, b, { method: 'POST', url: '/api/token/refresh', token });
    expect(refreshed.json<{ user: { language: string } }>().user.language).toBe('es');
  });

  it('validates the profile with field errors', async () => {
    await createUser(ctx, { roles: ['Executive'], email: 'me.invalid@example.com' });
    const b = browser();
    const { token } = await login(ctx.app, 'me.invalid@example.com', TEST_PASSWORD, b);
    const res = await call(ctx.app, b, { method: 'PUT', url: '/api/Users/me', token, payload: { firstName: '', lastName: 'x'.repeat(101), language: 'it' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      firstName: [VALIDATION_MESSAGES.required],
      lastName: ['Please enter no more than 100 characters.'],
      language: [VALIDATION_MESSAGES.invalid],
    });
  });

  it('changes my password: current one required, weak ones refused, my other sessions end', async () => {
    const user = await createUser(ctx, { roles: ['Executive'], email: 'me.password@example.com', firstName: 'Morgan' });
    const here = browser('10.5.0.1');
    const elsewhere = browser('10.5.0.2');
    const { token } = await login(ctx.app, 'me.password@example.com', TEST_PASSWORD, here);
    const other = await login(ctx.app, 'me.password@example.com', TEST_PASSWORD, elsewhere);
    const change = (payload: object) => call(ctx.app, here, { method: 'POST', url: '/api/Users/me/password', token, payload });

    const wrong = await change({ currentPassword: 'Not-My-Password-1', newPassword: 'Velvet-Canyon-Compass-58', confirmPassword: 'Velvet-Canyon-Compass-58' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ errors: object }>().errors).toEqual({ currentPassword: [VALIDATION_MESSAGES.invalid] });

    for (const weak of ['password123', 'morgan2024!', 'qwertyuiop']) {
      const res = await change({ currentPassword: TEST_PASSWORD, newPassword: weak, confirmPassword: weak });
      expect(res.statusCode, weak).toBe(400);
      expect(res.json<{ errors: object }>().errors, weak).toEqual({ newPassword: [VALIDATION_MESSAGES.passwordWeak] });
    }
    const differ = await change({ currentPassword: TEST_PASSWORD, newPassword: 'Velvet-Canyon-Compass-58', confirmPassword: 'Velvet-Canyon-Compass-59' });
    expect(differ.json<{ errors: object }>().errors).toEqual({ confirmPassword: [VALIDATION_MESSAGES.passwordsDiffer] });

    // A long passphrase is fine.
    const passphrase = 'the orange truck parks by the old willow on tuesdays '.repeat(4).trim();
    const ok = await change({ currentPassword: TEST_PASSWORD, newPassword: passphrase, confirmPassword: passphrase });
    expect(ok.statusCode).toBe(200);

    expect((await call(ctx.app, here, { method: 'GET', url: '/api/Users/me', token })).statusCode).toBe(200);
    expect((await call(ctx.app, elsewhere, { method: 'GET', url: '/api/Users/me', token: other.token })).statusCode).toBe(401);
    expect((await login(ctx.app, 'me.password@example.com', TEST_PASSWORD, browser('10.5.0.3'))).res.statusCode).toBe(400);
    expect((await login(ctx.app, 'me.password@example.com', passphrase, browser('10.5.0.3'))).res.statusCode).toBe(200);
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.subjectUserId, user.id));
    expect(audit.filter((row) => row.action === 'password.changed')).toHaveLength(1);
  });

  it('logout ends only this session and is audited', async () => {
    const user = await createUser(ctx, { roles: ['Executive'], email: 'me.logout@example.com' });
    const one = browser();
    const two = browser();
    const a = await login(ctx.app, 'me.logout@example.com', TEST_PASSWORD, one);
    const b = await login(ctx.app, 'me.logout@example.com', TEST_PASSWORD, two);
    expect((await call(ctx.app, one, { method: 'POST', url: '/api/token/logout', token: a.token })).statusCode).toBe(204);
    expect((await call(ctx.app, one, { method: 'GET', url: '/api/Users/me', token: a.token })).statusCode).toBe(401);
    expect((await call(ctx.app, two, { method: 'GET', url: '/api/Users/me', token: b.token })).statusCode).toBe(200);
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.subjectUserId, user.id));
    expect(audit.map((row) => row.action)).toContain('logout');
  });
});
