import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@grove/shared';
import { testUser } from '../components/ui/test-providers';
import { ApiError, api, getList, readList } from './api-client';
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
    installFakeFetch(() => ({ status: 400, body: { message: 'Some fields are not valid', errors: { email: ['This field is not valid.'] } } }));
    const error = (await api.post('/api/x', {}).catch((e: unknown) => e)) as ApiError;
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

  it('refreshes a token that expires within a minute before the call, once for parallel calls', async () => {
    signIn({ token: fakeToken(30), user: testUser() });
    const fresh = fakeToken(900);
    const calls = installFakeFetch(({ url }) => {
      if (url.pathname === '/api/token/refresh') return { body: { token: fresh, expiresAt: '', user: testUser() } };
      return { body: { data: [] } };
    });
    await Promise.all([api.get('/api/a'), api.get('/api/b')]);
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/token/refresh', '/api/a', '/api/b']);
    expect(calls[1]!.headers.authorization).toBe(`Bearer ${fresh}`);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(fresh);
  });

  it('does not refresh a token with time left', async () => {
    signIn({ token: fakeToken(600), user: testUser() });
    const calls = installFakeFetch(() => ({ body: {} }));
    await api.get('/api/a');
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/a']);
  });

  it('reports a network failure as status 0 with a readable message', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = (await api.get('/api/a').catch((e: unknown) => e)) as ApiError;
    expect(error.isNetworkError).toBe(true);
    expect(error.message).not.toBe('');
  });

  it('reads list rows from data, or from its inner data (spec §7), and drops empty query values', async () => {
    expect(readList({ data: [1, 2], total: 9, page: 2, pageSize: 2 })).toEqual({ data: [1, 2], total: 9, page: 2, pageSize: 2 });
    expect(readList({ data: { data: [3], total: 1, page: 1, pageSize: 10 } })).toEqual({ data: [3], total: 1, page: 1, pageSize: 10 });
    const calls = installFakeFetch(() => ({ body: { data: [{ id: 1 }], total: 1, page: 1, pageSize: 25 } }));
    const page = await getList<{ id: number }>('/api/Customers', { page: 1, search: '', status: undefined, sort: '-name' });
    expect(page.data).toEqual([{ id: 1 }]);
    expect(calls[0]!.url.search).toBe('?page=1&sort=-name');
  });
});
