import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { LANGUAGE_STORAGE_KEY, LOGIN_FAILED_TEXT, TOKEN_STORAGE_KEY } from '@grove/shared';
import { installBrowserMocks, setupTestI18n, testUser } from '../../../components/ui/test-providers';
import { changeLanguage } from '../../../app/i18n';
import { getSessionState, resetSessionForTests } from '../../../app/session-store';
import { fakeToken, installFakeFetch } from '../../../app/test-support/fake-fetch';
import { renderApp } from '../../../app/test-support/render-app';

const LOGIN_FAILURE = { message: LOGIN_FAILED_TEXT, error: 'invalid_grant', error_description: LOGIN_FAILED_TEXT };

function fillAndSubmit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText(/Email or username/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

beforeEach(() => {
  localStorage.clear();
  resetSessionForTests();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
  localStorage.clear();
});

describe('login screen', () => {
  it('shows the spec text when the server answers 400, and stays signed out', async () => {
    const calls = installFakeFetch(({ url }) => (url.pathname === '/api/token' ? { status: 400, body: LOGIN_FAILURE } : undefined));
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in to Grove' });
    fillAndSubmit('someone@example.test', 'wrong password');
    expect(await screen.findByTestId('login-error')).toHaveProperty('textContent', 'Login or password is not valid');
    expect(calls.find((call) => call.url.pathname === '/api/token')?.body).toEqual({ username: 'someone@example.test', password: 'wrong password' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(getSessionState().status).toBe('signedOut');
  });

  it('checks required fields in the browser before calling the server', async () => {
    const calls = installFakeFetch(() => undefined);
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in to Grove' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(calls.filter((call) => call.url.pathname === '/api/token')).toHaveLength(0);
  });

  it('signs in and goes back to the redirect target, not to a foreign site', async () => {
    const user = testUser({ roles: ['Account Manager'] });
    installFakeFetch(({ url }) => {
      if (url.pathname === '/api/token') return { body: { token: fakeToken(), expiresAt: new Date().toISOString(), user } };
      if (url.pathname === '/api/token/refresh') return { body: { token: fakeToken(), expiresAt: new Date().toISOString(), user } };
      return undefined;
    });
    const { router } = renderApp('/login?redirect=%2Fdashboard%3Ftab%3D2');
    await screen.findByRole('heading', { name: 'Sign in to Grove' });
    fillAndSubmit('am@example.test', 'Grove-Demo-2026');
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/dashboard?tab=2'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull();
    expect(getSessionState().roles).toEqual(['Account Manager']);
  });

  it('ignores an off-site redirect and lands on the home page of the role', async () => {
    const user = testUser({ roles: ['Resident'] });
    installFakeFetch(({ url }) => {
      if (url.pathname === '/api/token' || url.pathname === '/api/token/refresh') {
        return { body: { token: fakeToken(), expiresAt: new Date().toISOString(), user } };
      }
      if (url.pathname === '/api/Customers') return { body: { data: [], total: 0, page: 1, pageSize: 25 } };
      return undefined;
    });
    const { router } = renderApp('/login?redirect=%2F%2Fevil.example%2Fphish');
    await screen.findByRole('heading', { name: 'Sign in to Grove' });
    fillAndSubmit('resident@example.test', 'Grove-Demo-2026');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customerView/dashboard'));
  });

  it('switches language at once and remembers it', async () => {
    installFakeFetch(() => undefined);
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in to Grove' });
    fireEvent.click(screen.getByTestId('language-picker'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Deutsch' }));
    expect(await screen.findByRole('heading', { name: 'Bei Grove anmelden' })).toBeTruthy();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });
});
