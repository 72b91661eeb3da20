import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CUSTOMER_ROLES, STAFF_ROLES, type CustomerViewDetail } from '@grove/shared';
import { installBrowserMocks, setupTestI18n, testUser } from '../../../components/ui/test-providers';
import { resetSessionForTests, signIn } from '../../../app/session-store';
import { fakeToken, installFakeFetch, type FakeHandler } from '../../../app/test-support/fake-fetch';
import { renderApp } from '../../../app/test-support/render-app';
import { PORTAL_ROLE_OPTIONS } from '../components/RolePicker';

const CUSTOMER = '00000000-0000-4000-8000-000000000042';

const property: CustomerViewDetail = {
  view: 'customer',
  id: CUSTOMER,
  name: 'Whitlock Ridge HOA',
  accountNumber: 'MAR-1001',
  type: 'hoa',
  status: 'active',
  addressLine1: '1450 Whitlock Ridge Dr',
  addressLine2: null,
  city: 'Marietta',
  state: 'GA',
  postalCode: '30064',
  latitude: null,
  longitude: null,
  branchName: 'Marietta',
  branchTimeZone: 'America/New_York',
  accountManagerName: null,
  serviceDays: [],
  propertySizeAcres: null,
  photoFileId: null,
  openRequestCount: 0,
  team: [],
  myRoles: ['Property Manager'],
  permissions: { managePortal: true },
};

function fill(form: HTMLElement, name: string, value: string) {
  fireEvent.change(form.querySelector(`[name="${name}"]`)!, { target: { value } });
}

beforeAll(async () => {
  installBrowserMocks();
  // jsdom has no FontFaceSet; Mantine's autosizing textarea listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() } });
  }
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

describe('portal access: new user', () => {
  it('gives a resident no invite form at all (not a form that fails on submit)', async () => {
    signIn({ token: fakeToken(), user: testUser({ roles: ['Resident'], customerIds: [CUSTOMER] }) });
    installFakeFetch(({ url }) => (url.pathname === `/api/Customers/${CUSTOMER}` ? { body: { ...property, myRoles: ['Resident'], permissions: { managePortal: false } } } : undefined));
    renderApp(`/customerView/${CUSTOMER}/manage-portal-access/newUser`);
    expect(await screen.findByTestId('portal-not-allowed')).toBeTruthy();
    expect(screen.queryByTestId('new-portal-user-form')).toBeNull();
    // Nor a "Portal access" link in the aside navigation (the property's other areas are there).
    const aside = document.getElementById('app-aside')!;
    expect(within(aside).getByRole('link', { name: /requests/i })).toBeTruthy();
    expect(within(aside).queryByRole('link', { name: /portal access/i })).toBeNull();
  });

  it('lets a Board Member invite residents but not give the Property Manager role', async () => {
    signIn({ token: fakeToken(), user: testUser({ roles: ['Board Member'], customerIds: [CUSTOMER], portalCustomerIds: [CUSTOMER] }) });
    installFakeFetch(({ url }) => (url.pathname === `/api/Customers/${CUSTOMER}` ? { body: { ...property, myRoles: ['Board Member'] } } : undefined));
    renderApp(`/customerView/${CUSTOMER}/manage-portal-access/newUser`);
    const picker = await screen.findByTestId('role-picker');
    expect(await screen.findByTestId('board-limit')).toBeTruthy();
    const box = (role: string) =>
      within(picker)
        .getAllByRole('checkbox')
        .find((input) => input.closest('.mantine-Checkbox-root')?.querySelector('label')?.textContent?.startsWith(role))!;
    expect((box('Property Manager') as HTMLInputElement).disabled).toBe(true);
    expect((box('Resident') as HTMLInputElement).disabled).toBe(false);
  });

  it('never offers a staff role, even to a System Admin', async () => {
    expect([...PORTAL_ROLE_OPTIONS]).toEqual([...CUSTOMER_ROLES]);
    expect(PORTAL_ROLE_OPTIONS.some((role) => (STAFF_ROLES as readonly string[]).includes(role))).toBe(false);

    signIn({ token: fakeToken(), user: testUser({ roles: ['System Admin'] }) });
    installFakeFetch(() => undefined);
    renderApp(`/customers/${CUSTOMER}/manage-portal-access/newUser`);
    const picker = await screen.findByTestId('role-picker');
    const labels = within(picker)
      .getAllByRole('checkbox')
      .map((box) => box.closest('.mantine-Checkbox-root')?.querySelector('label')?.textContent ?? '');
    expect(labels).toHaveLength(CUSTOMER_ROLES.length);
    for (const staffRole of STAFF_ROLES) expect(labels.some((label) => label.startsWith(staffRole))).toBe(false);
    expect(labels.some((label) => label.startsWith('Property Manager'))).toBe(true);
  });

  it('tells the manager when the email already has an account', async () => {
    signIn({ token: fakeToken(), user: testUser({ roles: ['Property Manager'], customerIds: [CUSTOMER] }) });
    const calls = installFakeFetch(({ url }) => {
      if (url.pathname === `/api/Customers/${CUSTOMER}`) return { body: property };
      if (url.pathname === '/api/Users/CheckUserExists') return { body: { exists: url.searchParams.get('email') === 'ana@example.test', linkedToCustomer: false } };
      return undefined;
    });
    renderApp(`/customerView/${CUSTOMER}/manage-portal-access/newUser`);
    const form = await screen.findByTestId('new-portal-user-form');
    const email = form.querySelector<HTMLInputElement>('[name="email"]')!;
    fireEvent.change(email, { target: { value: 'ana@example.test' } });
    fireEvent.blur(email);
    expect(await screen.findByTestId('existing-account')).toBeTruthy();
    const check = calls.find((call) => call.url.pathname === '/api/Users/CheckUserExists')!;
    expect(check.url.searchParams.get('customerId')).toBe(CUSTOMER);
    expect(screen.getByRole('button', { name: 'Link account' })).toBeTruthy();
  });

  it('shows the server’s field errors next to their fields, and sends once', async () => {
    signIn({ token: fakeToken(), user: testUser({ roles: ['Property Manager'], customerIds: [CUSTOMER] }) });
    let posts = 0;
    let release: () => void = () => undefined;
    const handler: FakeHandler = async ({ url, method }) => {
      if (url.pathname === `/api/Customers/${CUSTOMER}`) return { body: property };
      if (url.pathname === '/api/Users/CheckUserExists') return { body: { exists: false, linkedToCustomer: false } };
      if (url.pathname === `/api/Customers/${CUSTOMER}/portal-users` && method === 'POST') {
        posts++;
        await new Promise<void>((resolve) => (release = resolve));
        return { status: 400, body: { message: 'Please correct the marked fields.', errors: { roles: ['A staff role cannot be given here.'], email: ['This email cannot receive mail.'] } } };
      }
      return undefined;
    };
    installFakeFetch(handler);
    renderApp(`/customerView/${CUSTOMER}/manage-portal-access/newUser`);
    const form = await screen.findByTestId('new-portal-user-form');

    // The browser checks first: nothing is sent without the required fields.
    fireEvent.click(screen.getByTestId('invite-submit'));
    expect((await within(form).findAllByText('This field is required.')).length).toBeGreaterThanOrEqual(3);
    expect(posts).toBe(0);

    fill(form, 'email', 'ana@example.test');
    fill(form, 'firstName', 'Ana');
    fill(form, 'lastName', 'Ruiz');
    fireEvent.click(within(screen.getByTestId('role-picker')).getAllByRole('checkbox')[2]!);
    fireEvent.click(screen.getByTestId('invite-submit'));
    fireEvent.click(screen.getByTestId('invite-submit'));
    await waitFor(() => expect(posts).toBe(1));
    release();

    const emailError = await within(form).findByText('This email cannot receive mail.');
    const email = form.querySelector<HTMLInputElement>('[name="email"]')!;
    expect(email.getAttribute('aria-describedby')).toContain(emailError.id);
    expect(within(screen.getByTestId('role-picker')).getByText('A staff role cannot be given here.')).toBeTruthy();
    expect(posts).toBe(1);
  });
});
