/**
 * Decision 036: a verified access token is remembered, so later calls skip jose's
 * WebCrypto round trip. The memory must not outlive what the token says: expiry is checked on every
 * use, a changed token is verified in full, and another secret knows nothing of it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from './tokens.js';

const SECRET = 'tokens-test-secret-0123456789abcdef0123456789';
const claims = { sub: '6f1c1a57-0000-4000-8000-000000000001', sid: '6f1c1a57-0000-4000-8000-000000000002', fph: 'fph' };

describe('verifyAccessToken', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a remembered token again, and refuses it once it has expired (unless expiry is allowed)', async () => {
    const { token, expiresAt } = await signAccessToken(claims, SECRET, 1);
    expect(await verifyAccessToken(token, SECRET)).toEqual(claims);
    expect(await verifyAccessToken(token, SECRET)).toEqual(claims);
    // exp is whole seconds: move the clock (Date only) just past it instead of waiting.
    vi.useFakeTimers({ toFake: ['Date'], now: Math.ceil(expiresAt.getTime() / 1000) * 1000 + 1 });
    expect(await verifyAccessToken(token, SECRET)).toBeNull();
    expect(await verifyAccessToken(token, SECRET, { allowExpired: true })).toEqual(claims);
  });

  it('verifies a changed token or another secret in full', async () => {
    const { token } = await signAccessToken(claims, SECRET, 60);
    expect(await verifyAccessToken(token, SECRET)).toEqual(claims);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else', iss: 'grove', aud: 'grove-api', exp: 9_999_999_999 })).toString('base64url');
    expect(await verifyAccessToken(`${header}.${forged}.${signature}`, SECRET)).toBeNull();
    expect(await verifyAccessToken(`${header}.${payload}.${signature!.slice(0, -2)}AA`, SECRET)).toBeNull();
    expect(await verifyAccessToken(token, `${SECRET}-other`)).toBeNull();
  });
});
