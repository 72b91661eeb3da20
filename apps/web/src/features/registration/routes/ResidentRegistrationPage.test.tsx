import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REGISTRATION_CODE_INVALID_TEXT } from '@grove/shared';
import { installBrowserMocks, setupTestI18n } from '../../../components/ui/test-providers';
import { resetSessionForTests } from '../../../app/session-store';
import { installFakeFetch } from '../../../app/test-support/fake-fetch';
import { renderApp } from '../../../app/test-support/render-app';

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

function fillIn(form: HTMLElement) {
  const set = (name: string, value: string) => fireEvent.change(form.querySelector(`[name="${name}"]`)!, { target: { value } });
  set('firstName', 'Rita');
  set('lastName', 'Lane');
  set('email', 'rita@example.test');
  set('unit', 'Unit 12');
  set('password', 'Maple lanes 44 gardens');
  set('confirmPassword', 'Maple lanes 44 gardens');
}

describe('resident registration', () => {
  it('requires accepting the terms, shows a refused code next to the field, then says it waits for approval', async () => {
    let answer: { status: number; body: unknown } = { status: 400, body: { message: 'Please correct the marked fields.', errors: { code: [REGISTRATION_CODE_INVALID_TEXT] } } };
    const calls = installFakeFetch(({ url }) => (url.pathname === '/api/Registration/resident' ? answer : undefined));
    renderApp('/resident-user-validation?code=brks-3579');
    const form = await screen.findByTestId('registration-form');
    expect(form.querySelector<HTMLInputElement>('[name="code"]')!.value).toBe('brks-3579');
    fillIn(form);

    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await within(form).findByText('You must accept the terms and conditions.')).toBeTruthy();
    expect(calls.some((call) => call.url.pathname === '/api/Registration/resident')).toBe(false);

    fireEvent.click(form.querySelector('[name="terms"]')!);
    fireEvent.click(screen.getByTestId('register-submit'));
    const codeError = await within(form).findByText(REGISTRATION_CODE_INVALID_TEXT);
    expect(form.querySelector('[name="code"]')!.getAttribute('aria-describedby')).toContain(codeError.id);
    const sent = calls.find((call) => call.url.pathname === '/api/Registration/resident')!;
    expect(sent.body).toMatchObject({ code: 'brks-3579', role: 'Resident', unit: 'Unit 12', language: 'en' });
    expect(sent.body).not.toHaveProperty('terms');

    answer = { status: 202, body: { message: 'ok' } };
    fireEvent.change(form.querySelector('[name="code"]')!, { target: { value: 'BRKS-3579' } });
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(screen.getByTestId('registration-done').textContent).toContain('waits for approval'));
  });
});
