import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@grove/shared';
import { testUser } from '../components/ui/test-providers';
import { ApiError, api } from './api-client';
import { setNavigator } from './navigation';
import { getSessionState, resetSessionForTests, signIn } from './session-store';
import { fakeToken, installFakeFetch } from './test-support/fake-fetch';

const navigate = vi.fn();

beforeEach(() => {
  localStorage.clear();
  resetSessionForTests();
  navigate.mockReset();
  setNavigator(navigate);
  window.history.replaceState(null, '', '/customers?page=3');
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNavigator(null);
});

describe('api client', () => {
  it('sends the stored token as Bearer, JSON and same-origin credentials', async () => {
    const token = fakeToken();
    signIn({ token, user: testUser() });
    const seen: RequestInit[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      seen.push(init);
      return new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } });
    });
    await expect(api.post('/api/things', { a: 1 })).resolves.toEqual({ ok: true });
    const headers = seen[0]!.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Bearer ${token}`);
    expect(headers['Content-Type']).toBe('application/json');
    expect(seen[0]!.credentials).toBe('same-origin');
    expect(seen[0]!.body).toBe('{"a":1}');
  });

  it('turns a 400 into an ApiError with field errors and the whole body', async () => {
    signIn({ token: fakeToken(), user: testUser() });
    installFakeFetch(() => ({ status: 400, body: { message: 'Some fields are not valid', errors: { email: ['This field is not valid.'] } } }));
    const error = (await api.post('/api/Regions', { name: 'North' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Some fields are not valid');
    expect(error.errors).toEqual({ email: ['This field is not valid.'] });
    expect(error.data).toMatchObject({ message: 'Some fields are not valid' });
  });

  it('on any 401 ends the session and goes to login with the current path', async () => {
    signIn({ token: fakeToken(), user: testUser() });
    installFakeFetch(() => ({ status: 401, body: { message: 'Sign in to continue' } }));
    await expect(api.get('/api/Customers')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(getSessionState().status).toBe('signedOut');
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fcustomers%3Fpage%3D3', { replace: true });
  });

  it('does not send a signed-in call without a token: a 401 at once, and the way to login', async () => {
    const calls = installFakeFetch(() => ({ body: {} }));
    await expect(api.get('/api/Customers')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(0);
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fcustomers%3Fpage%3D3', { replace: true });
  });

  it('refreshes a token that expires within a minute before the call, once for parallel calls', async () => {
    signIn({ token: fakeToken(30), user: testUser() });
    const fresh = fakeToken(900);
    const calls = installFakeFetch(({ url }) => {
      if (url.pathname === '/api/token/refresh') return { body: { token: fresh, expiresAt: '', user: testUser() } };
      return { body: { data: [] } };
    });
    await Promise.all([api.get('/api/Regions'), api.get('/api/Branches')]);
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/token/refresh', '/api/Regions', '/api/Branches']);
    expect(calls[1]!.headers.authorization).toBe(`Bearer ${fresh}`);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(fresh);
  });

  it('does not refresh a token with time left', async () => {
    signIn({ token: fakeToken(600), user: testUser() });
    const calls = installFakeFetch(() => ({ body: { data: [] } }));
    await api.get('/api/Regions');
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/Regions']);
  });

  it('reports a network failure as status 0 with a readable message', async () => {
    signIn({ token: fakeToken(), user: testUser() });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = (await api.get('/api/a').catch((e: unknown) => e)) as ApiError;
    expect(error.isNetworkError).toBe(true);
    expect(error.message).not.toBe('');
  });

  it('drops empty query values', async () => {
    signIn({ token: fakeToken(), user: testUser() });
    const calls = installFakeFetch(() => ({ body: { data: [], total: 0, page: 1, pageSize: 25 } }));
    await api.get('/api/Customers', { page: 1, search: '', status: undefined, sort: '-name' });
    expect(calls[0]!.url.search).toBe('?page=1&sort=-name');
  });

  describe('Idempotency-Key on POST', () => {
    type Step = 'network' | number;
    function scripted(steps: Step[]) {
      const keys: (string | undefined)[] = [];
      vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
        keys.push((init.headers as Record<string, string>)['Idempotency-Key']);
        const step = steps.shift() ?? 201;
        if (step === 'network') throw new TypeError('Failed to fetch');
        const headers = { 'content-type': 'application/json', ...(step === 503 ? { 'retry-after': '1' } : {}) };
        return new Response(JSON.stringify(step < 300 ? { id: 'r1' } : { message: 'Unavailable' }), { status: step, headers });
      });
      return keys;
    }

    beforeEach(() => {
      signIn({ token: fakeToken(), user: testUser() });
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('retries a network failure and a 503 with the same key, and the answer arrives once', async () => {
      const keys = scripted(['network', 503, 201]);
      const done = api.post('/api/Regions', { name: 'North' });
      await vi.runAllTimersAsync();
      await expect(done).resolves.toEqual({ id: 'r1' });
      expect(keys).toHaveLength(3);
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Set(keys).size).toBe(1);
    });

    it('keeps the key when the user sends the same form again after a failure, and starts a new one after success', async () => {
      const keys = scripted(['network', 'network', 'network', 201, 201]);
      const failed = api.post('/api/Regions', { name: 'South' }).catch((error: unknown) => error);
      await vi.runAllTimersAsync();
      expect(await failed).toMatchObject({ status: 0 });
      // "Save" again on the same form: the same submission, so the server can replay it.
      const again = api.post('/api/Regions', { name: 'South' });
      await vi.runAllTimersAsync();
      await again;
      expect(new Set(keys.slice(0, 4)).size).toBe(1);
      // A new record with the same values is a new submission.
      await api.post('/api/Regions', { name: 'South' });
      expect(keys[4]).not.toBe(keys[0]);
    });

    it('gives a changed form a new key and sends none on sign-in', async () => {
      const keys = scripted([201, 201, 200]);
      await api.post('/api/Regions', { name: 'East' });
      await api.post('/api/Regions', { name: 'West' });
      await api.post('/api/token', { username: 'a', password: 'b' }, { auth: false });
      expect(keys[0]).not.toBe(keys[1]);
      expect(keys[2]).toBeUndefined();
    });
  });
});
