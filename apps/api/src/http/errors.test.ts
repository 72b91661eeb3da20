import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '@grove/shared/locales/de/validation.json';
import en from '@grove/shared/locales/en/validation.json';
import ja from '@grove/shared/locales/ja/validation.json';
import { createTestContext, dbKind, type TestContext } from '../test/test-app.js';

describe(`error answers (${dbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const forgot = (payload: unknown, language?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/Users/GenerateResetPasswordCode',
      payload: payload as object,
      headers: language ? { 'accept-language': language } : {},
    });

  it('answers bad input with 400 and the spec texts per field', async () => {
    const res = await forgot({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: en.invalid, errors: { email: [en.required] } });
  });

  it('answers in the language the caller reads', async () => {
    const german = await forgot({}, 'de-DE,de;q=0.9,en;q=0.8');
    expect(german.json()).toEqual({ message: de.invalid, errors: { email: [de.required] } });
    const japanese = await forgot({ email: 'not an email' }, 'ja');
    expect(japanese.json<{ errors: Record<string, string[]> }>().errors.email).toEqual([ja.invalid]);
  });

  it('answers a body that is not JSON with 400, not 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Users/GenerateResetPasswordCode',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBeTruthy();
    expect(res.body).not.toContain('at ');
  });
});
