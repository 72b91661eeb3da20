import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { installBrowserMocks, setupTestI18n } from '../../../components/ui/test-providers';
import { resetSessionForTests } from '../../../app/session-store';
import { installFakeFetch } from '../../../app/test-support/fake-fetch';
import { renderApp } from '../../../app/test-support/render-app';

const SAME_ANSWER = { message: 'If an account exists for that email address, we have sent a link to reset the password.' };

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

beforeEach(() => {
  localStorage.clear();
  resetSessionForTests();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('forgot password', () => {
  it('always shows the same confirmation after sending the email', async () => {
    const calls = installFakeFetch(({ url }) => (url.pathname === '/api/Users/GenerateResetPasswordCode' ? { body: SAME_ANSWER } : undefined));
    renderApp('/forgotPassword');
    fireEvent.change(await screen.findByLabelText(/Email address/), { target: { value: 'someone@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByTestId('forgot-sent')).textContent).toContain('If an account exists for that email address');
    expect(calls[0]!.body).toEqual({ email: 'someone@example.test' });
  });

  it('shows the server’s error data on failure', async () => {
    installFakeFetch(() => ({ status: 429, body: { message: 'Too many attempts. Please wait and try again.' } }));
    renderApp('/forgotPassword');
    fireEvent.change(await screen.findByLabelText(/Email address/), { target: { value: 'someone@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByTestId('server-error')).textContent).toContain('Too many attempts');
  });
});

/** The link check of the page's opening answers "usable" unless a test says otherwise. */
const LINK_OK = (url: URL) => (url.pathname === '/api/Users/CheckResetCode' ? { body: { valid: true } } : undefined);

describe('reset password', () => {
  it('refuses a used link as soon as the page opens, before any password is typed', async () => {
    const calls = installFakeFetch(({ url }) => (url.pathname === '/api/Users/CheckResetCode' ? { body: { valid: false } } : undefined));
    renderApp('/resetPassword?email=a%40example.test&code=used-code');
    expect((await screen.findByTestId('reset-link-unusable')).textContent).toContain('already been used or has expired');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === '/api/Users/CheckResetCode')?.body).toEqual({ email: 'a@example.test', code: 'used-code' });
  });

  it('says a too short password once (under the field), not twice', async () => {
    installFakeFetch(({ url }) => LINK_OK(url));
    renderApp('/resetPassword?email=a%40example.test&code=123456');
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(/Please enter at least 8 characters/)).toBeTruthy();
    expect(screen.queryByText(/Too short/i)).toBeNull();
  });

  it('checks that the passwords match before calling the server', async () => {
    const calls = installFakeFetch(({ url }) => LINK_OK(url));
    renderApp('/resetPassword?email=a%40example.test&code=123456');
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: 'long enough passphrase' } });
    fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: 'something else' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/Users/ResetPassword')).toHaveLength(0);
  });

  it('shows server field errors next to their fields and the rest above the form', async () => {
    installFakeFetch(({ url }) =>
      url.pathname === '/api/Users/CheckResetCode'
        ? { body: { valid: true } }
        : url.pathname === '/api/Users/ResetPassword'
        ? {
            status: 400,
            body: {
              message: 'Some fields are not valid',
              errors: { password: ['This password is too easy to guess. Add more words or characters.'], code: ['This reset link is not valid or has expired.'] },
            },
          }
        : undefined,
    );
    renderApp('/resetPassword?email=a%40example.test&code=123456');
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: 'password123' } });
    fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: 'password123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    const alert = await screen.findByTestId('server-error');
    expect(alert.textContent).toContain('This reset link is not valid or has expired.');
    // The password error sits under its field, not in the alert.
    expect(alert.textContent).not.toContain('too easy to guess');
    const fieldError = screen.getByText('This password is too easy to guess. Add more words or characters.');
    expect(fieldError.closest('.mantine-InputWrapper-root')?.querySelector('input[name="password"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toBeTruthy();
  });

  it('goes to sign-in with a confirmation after a successful reset', async () => {
    installFakeFetch(({ url }) => (url.pathname === '/api/Users/ResetPassword' ? { body: { message: 'ok' } } : LINK_OK(url)));
    const { router } = renderApp('/resetPassword?email=a%40example.test&code=123456');
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: 'correct horse battery staple' } });
    fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: 'correct horse battery staple' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Your password has been changed. Sign in with your new password.')).toBeTruthy();
    // Only the new password is left to type.
    expect(screen.getByLabelText<HTMLInputElement>(/Email/).value).toBe('a@example.test');
  });
});
