import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { ROUTE_ACCESS, TOKEN_STORAGE_KEY, type SessionUser } from '@grove/shared';
import { installBrowserMocks, setupTestI18n, testUser } from '../components/ui/test-providers';
import { accessOfMatches, routes } from './routes';
import { NAVIGATION_REFRESH_DEBOUNCE_MS, resetNavigationRefreshForTests } from './session';
import { resetSessionForTests, signIn } from './session-store';
import { fakeToken, installFakeFetch, type FakeRequest } from './test-support/fake-fetch';
import { renderApp } from './test-support/render-app';

const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, 'id-1');

function signInAs(user: SessionUser) {
  signIn({ token: fakeToken(), user });
}

/** The API as far as these screens need it: refresh answers with `user`, lists are empty. */
function fakeApi(user: SessionUser | null): FakeRequest[] {
  return installFakeFetch(({ method, url }) => {
    if (method === 'POST' && url.pathname === '/api/token/refresh') {
      return user ? { body: { token: fakeToken(), expiresAt: new Date().toISOString(), user } } : { status: 401, body: { message: 'x' } };
    }
    if (url.pathname === '/api/Customers') return { body: { data: [], total: 0, page: 1, pageSize: 25 } };
    return undefined;
  });
}

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

beforeEach(() => {
  localStorage.clear();
  resetSessionForTests();
  resetNavigationRefreshForTests();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('route table → router', () => {
  it.each(ROUTE_ACCESS.map((entry) => [entry.path, entry]))('%s exists with its title and access', (_path, entry) => {
    const matches = matchRoutes(routes, concrete(entry.path)) ?? [];
    const titled = matches.filter((match) => (match.route.handle as { title?: string } | undefined)?.title);
    const last = titled[titled.length - 1];
    expect(last?.route.handle).toMatchObject({ title: entry.title, access: entry.access });
    expect(accessOfMatches(matches)).toBe(entry.access);
    // The deepest match renders something: a lazy page, or a redirect loader.
    const leaf = matches[matches.length - 1]!.route;
    expect(Boolean(leaf.lazy || leaf.loader || leaf.Component || leaf.element)).toBe(true);
  });

  it('nests pages so breadcrumbs follow the path', () => {
    const matches = matchRoutes(routes, '/customers/c1/plans/new') ?? [];
    const titles = matches.map((match) => (match.route.handle as { title?: string } | undefined)?.title).filter(Boolean);
    expect(titles).toEqual(['routes.customers', 'routes.customer', 'routes.plans', 'routes.newPlan']);
  });

  it('puts staff pages under the staff layout and customer pages under the customer layout', () => {
    const ids = (path: string) => (matchRoutes(routes, path) ?? []).map((match) => match.route.id);
    expect(ids('/customers/c1/invoices')).toContain('staff');
    expect(ids('/customerView/c1/invoices')).toContain('customer');
    expect(ids('/login')).toContain('public');
    expect(ids('/login')).not.toContain('staff');
  });
});

describe('guards in the router', () => {
  it('sends a signed-out visitor to login with the path and query, and shows the login form', async () => {
    fakeApi(null);
    const { router } = renderApp('/customers?status=active');
    await screen.findByRole('heading', { name: 'Sign in to Grove' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fcustomers%3Fstatus%3Dactive');
  });

  it('sends a customer-side user on a staff route to the customer dashboard', async () => {
    fakeApi(testUser({ roles: ['Property Manager'] }));
    signInAs(testUser({ roles: ['Property Manager'] }));
    const { router } = renderApp('/customers');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customerView/dashboard'));
    await screen.findByTestId('properties-empty');
  });

  it('sends a System Admin away from /create-orange-report to /404', async () => {
    fakeApi(testUser({ roles: ['System Admin'] }));
    signInAs(testUser({ roles: ['System Admin'] }));
    const { router } = renderApp('/create-orange-report');
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(router.state.location.pathname).toBe('/404');
  });

  it('redirects / to /customers and unknown paths to /404', async () => {
    fakeApi(testUser());
    signInAs(testUser());
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
    await act(() => router.navigate('/no/such/page'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('loads the user by token refresh when only a token is stored', async () => {
    const user = testUser({ roles: ['Crew Leader'] });
    const calls = fakeApi(user);
    localStorage.setItem(TOKEN_STORAGE_KEY, fakeToken());
    resetSessionForTests();
    const { router } = renderApp('/create-orange-report');
    await screen.findByTestId('orange-wizard');
    expect(router.state.location.pathname).toBe('/create-orange-report');
    expect(calls[0]!.headers.authorization).toMatch(/^Bearer /);
    // The refresh that loaded the user counts as this route change's: no second one after the debounce.
    await new Promise((resolve) => setTimeout(resolve, NAVIGATION_REFRESH_DEBOUNCE_MS + 200));
    expect(calls.filter((call) => call.url.pathname === '/api/token/refresh')).toHaveLength(1);
  });

  it('sends to login when the stored token cannot be refreshed', async () => {
    fakeApi(null);
    localStorage.setItem(TOKEN_STORAGE_KEY, fakeToken());
    resetSessionForTests();
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('refreshes the token on route changes, once for a burst of navigations', async () => {
    const calls = fakeApi(testUser());
    signInAs(testUser());
    const { router } = renderApp('/dashboard');
    await screen.findByTestId('app-layout');
    const refreshes = () => calls.filter((call) => call.url.pathname === '/api/token/refresh').length;
    // The debounce runs on fake timers: no real waiting, and a slow machine cannot space the burst out.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await act(() => vi.advanceTimersByTimeAsync(NAVIGATION_REFRESH_DEBOUNCE_MS + 100));
      const before = refreshes();
      await act(async () => {
        await Promise.all(['/content', '/settings', '/yn-team-directory', '/file-library', '/dashboard'].map((path) => router.navigate(path)));
      });
      expect(router.state.location.pathname).toBe('/dashboard');
      expect(refreshes()).toBe(before);
      await act(() => vi.advanceTimersByTimeAsync(NAVIGATION_REFRESH_DEBOUNCE_MS + 100));
      expect(refreshes()).toBe(before + 1);
      await act(() => vi.advanceTimersByTimeAsync(NAVIGATION_REFRESH_DEBOUNCE_MS * 4));
      expect(refreshes()).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});
