import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@grove/shared';
import { setupTestI18n, testUser } from '../components/ui/test-providers';
import { api, refreshToken } from './api-client';
import { changeLanguage, i18n } from './i18n';
import { setNavigator } from './navigation';
import { queryClient } from './query-client';
import { login, logout, setLanguage } from './session';
import { getSessionState, resetSessionForTests, signIn } from './session-store';
import { fakeToken, installFakeFetch } from './test-support/fake-fetch';

const profile = { ...testUser(), phone: '+1 555 0100', title: 'Manager', lastLoginAt: null, photoFileId: null };

beforeAll(async () => {
  await setupTestI18n();
});

beforeEach(() => {
  localStorage.clear();
  resetSessionForTests();
  setNavigator(vi.fn());
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setNavigator(null);
  await changeLanguage('en');
  localStorage.clear();
});

describe('language preference', () => {
  it('switches at once, stores it, and saves it on the profile with the other fields kept', async () => {
    signIn({ token: fakeToken(), user: testUser() });
    const calls = installFakeFetch(({ method, url, body }) => {
      if (url.pathname !== '/api/Users/me') return undefined;
      return method === 'GET' ? { body: profile } : { body: { ...profile, ...(body as object) } };
    });
    await setLanguage('ja');
    expect(i18n.language).toBe('ja');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ja');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ firstName: 'Ada', lastName: 'Lovelace', phone: '+1 555 0100', title: 'Manager', language: 'ja' });
    expect(getSessionState().user?.language).toBe('ja');
  });

  it('does not call the server when signed out', async () => {
    const calls = installFakeFetch(() => undefined);
    await setLanguage('de');
    expect(i18n.language).toBe('de');
    expect(calls).toHaveLength(0);
  });

  it('adopts the profile language at sign-in when this browser has no choice stored', async () => {
    installFakeFetch(({ url }) =>
      url.pathname === '/api/token' ? { body: { token: fakeToken(), expiresAt: '', user: testUser({ language: 'fr' }) } } : undefined,
    );
    await login({ username: 'ada@example.test', password: 'x' });
    expect(i18n.language).toBe('fr');
  });

  it('keeps a language picked on the login screen and saves it to the profile', async () => {
    await changeLanguage('es');
    const calls = installFakeFetch(({ method, url, body }) => {
      if (url.pathname === '/api/token') return { body: { token: fakeToken(), expiresAt: '', user: testUser({ language: 'en' }) } };
      if (url.pathname === '/api/Users/me') return method === 'GET' ? { body: profile } : { body: { ...profile, ...(body as object) } };
      return undefined;
    });
    await login({ username: 'ada@example.test', password: 'x' });
    await vi.waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ language: 'es' }));
    expect(i18n.language).toBe('es');
  });
});

describe('logout', () => {
  it('ends the server session, clears the token and goes to /login', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    signIn({ token: fakeToken(), user: testUser() });
    const calls = installFakeFetch(({ url }) => (url.pathname === '/api/token/logout' ? { status: 204 } : undefined));
    await logout();
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual(['POST /api/token/logout']);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(getSessionState().status).toBe('signedOut');
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });
});

describe('offline copies end with the session (decision 019)', () => {
  function fakeCaches() {
    const deleted: string[] = [];
    vi.stubGlobal('caches', { delete: vi.fn(async (name: string) => deleted.push(name) > 0) });
    return deleted;
  }

  it('a 401 that ends the session removes the cached answers and the query cache', async () => {
    setNavigator(vi.fn());
    signIn({ token: fakeToken(), user: testUser() });
    queryClient.setQueryData(['customers', 'detail', 'c-1'], { name: 'Secret Gardens' });
    const deleted = fakeCaches();
    installFakeFetch(({ url }) => (url.pathname === '/api/Customers' ? { status: 401, body: { message: 'Unauthorized' } } : undefined));
    await expect(api.get('/api/Customers')).rejects.toMatchObject({ status: 401 });
    expect(getSessionState().status).toBe('signedOut');
    await vi.waitFor(() => expect(deleted.sort()).toEqual(['grove-api', 'grove-api-files']));
    expect(queryClient.getQueryData(['customers', 'detail', 'c-1'])).toBeUndefined();
  });

  it('a failed token refresh (session revoked) removes them too; a network failure keeps them', async () => {
    signIn({ token: fakeToken(), user: testUser() });
    const deleted = fakeCaches();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(refreshToken()).rejects.toBeTruthy();
    expect(getSessionState().status).toBe('signedIn');
    expect(deleted).toEqual([]);
    installFakeFetch(({ url }) => (url.pathname === '/api/token/refresh' ? { status: 401, body: { message: 'revoked' } } : undefined));
    await refreshToken();
    expect(getSessionState().status).toBe('signedOut');
    await vi.waitFor(() => expect(deleted.sort()).toEqual(['grove-api', 'grove-api-files']));
  });
});
