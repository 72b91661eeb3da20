import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PORTAL_UNIT_MAX_LENGTH, customerViewDetailSchema, portalUserDetailSchema, type CustomerRole, type PortalUserDetail } from '@grove/shared';
import { installBrowserMocks, setupTestI18n, testUser } from '../../../components/ui/test-providers';
import { resetSessionForTests, signIn } from '../../../app/session-store';
import { fakeToken, installFakeFetch, type FakeHandler, type FakeRequest } from '../../../app/test-support/fake-fetch';
import { renderApp } from '../../../app/test-support/render-app';
import { sample } from '../../../app/test-support/sample';

const CUSTOMER = '00000000-0000-4000-8000-000000000042';
const USER = '00000000-0000-4000-8000-0000000000c1';
const ME = '00000000-0000-4000-8000-0000000000c2';
const PAGE = `/customerView/${CUSTOMER}/manage-portal-access/${USER}/editUser`;
const USER_PATH = `/api/Customers/${CUSTOMER}/portal-users/${USER}`;

const property = sample(customerViewDetailSchema, { id: CUSTOMER, name: 'Whitlock Ridge HOA', myRoles: ['Property Manager'], permissions: { managePortal: true } });

const ana: PortalUserDetail = sample(portalUserDetailSchema, {
  userId: USER,
  firstName: 'Ana',
  lastName: 'Ruiz',
  email: 'ana@example.test',
  roles: ['Resident'],
  status: 'active',
  unit: 'B-12',
  notifications: [{ kind: 'request_updated', inApp: true, email: false, audience: 'customer', title: 'Request updates', description: 'When a request changes' }],
});

function fakeApi(save: FakeHandler = ({ body }) => ({ body: { ...ana, ...(body as object), notifications: ana.notifications } }), user: PortalUserDetail = ana): FakeRequest[] {
  return installFakeFetch(async (request) => {
    if (request.url.pathname === `/api/Customers/${CUSTOMER}`) return { body: property };
    if (request.url.pathname === USER_PATH && request.method === 'GET') return { body: user };
    if (request.url.pathname === USER_PATH && request.method === 'PUT') return save(request);
    if (request.url.pathname === `/api/Customers/${CUSTOMER}/portal-users`) return { body: { data: [], total: 0, page: 1, pageSize: 25 } };
    return undefined;
  });
}

async function openForm() {
  const card = await screen.findByTestId('edit-portal-user');
  return { card, form: card.querySelector('form')!, unit: card.querySelector<HTMLInputElement>('[name="unit"]')! };
}

const roleBox = (role: CustomerRole) =>
  within(screen.getByTestId('role-picker'))
    .getAllByRole('checkbox')
    .find((input) => input.closest('.mantine-Checkbox-root')?.querySelector('label')?.textContent?.startsWith(role)) as HTMLInputElement;
const puts = (calls: FakeRequest[]) => calls.filter((call) => call.method === 'PUT');

beforeAll(async () => {
  installBrowserMocks();
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() } });
  }
  await setupTestI18n();
});

beforeEach(() => {
  localStorage.clear();
  resetSessionForTests();
  signIn({ token: fakeToken(), user: testUser({ id: ME, roles: ['Property Manager'], customerIds: [CUSTOMER] }) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EditPortalUserPage (roles, unit and notifications of a portal user)', () => {
  it('loads the user into the form; Save stays disabled until something changes', async () => {
    fakeApi();
    renderApp(PAGE);
    const { card, unit } = await openForm();
    await waitFor(() => expect(unit.value).toBe('B-12'));
    expect(within(card).getByDisplayValue('ana@example.test')).toHaveProperty('readOnly', true);
    expect(roleBox('Resident').checked).toBe(true);
    const save = within(card).getByRole<HTMLButtonElement>('button', { name: /save/i });
    expect(save.disabled).toBe(true);
    fireEvent.change(unit, { target: { value: 'B-14' } });
    expect(save.disabled).toBe(false);
    expect(unit.maxLength).toBe(PORTAL_UNIT_MAX_LENGTH);
  });

  it('needs at least one role: the required error under the roles, nothing sent', async () => {
    const calls = fakeApi();
    renderApp(PAGE);
    const { card, unit } = await openForm();
    await waitFor(() => expect(unit.value).toBe('B-12'));
    fireEvent.click(roleBox('Resident'));
    fireEvent.click(within(card).getByRole('button', { name: /save/i }));
    expect(await within(screen.getByTestId('role-picker')).findByText('This field is required.')).toBeTruthy();
    expect(puts(calls)).toHaveLength(0);
  });

  it('sends roles, the trimmed unit (empty → null) and the notification choices, then goes back to the list', async () => {
    const calls = fakeApi();
    const { router } = renderApp(PAGE);
    const { card, unit } = await openForm();
    await waitFor(() => expect(unit.value).toBe('B-12'));
    fireEvent.change(unit, { target: { value: '   ' } });
    fireEvent.click(roleBox('Board Member'));
    fireEvent.click(within(card).getByRole('switch', { name: /email.*Request updates|Request updates.*email/i }));
    fireEvent.click(within(card).getByRole('button', { name: /save/i }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/customerView/${CUSTOMER}/manage-portal-access`));
    expect(puts(calls)).toHaveLength(1);
    const body = puts(calls)[0]!.body as { roles: string[] };
    expect([...body.roles].sort()).toEqual(['Board Member', 'Resident']);
    expect(body).toEqual({ roles: body.roles, unit: null, notifications: [{ kind: 'request_updated', inApp: true, email: true }] });
  });

  it('disables the roles while saving and shows the server’s field errors on the unit and the roles', async () => {
    let release: () => void = () => undefined;
    fakeApi(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { status: 400, body: { message: 'Please correct the marked fields.', errors: { unit: ['This unit is not on the property.'], roles: ['Keep one Property Manager.'] } } };
    });
    renderApp(PAGE);
    const { card, unit } = await openForm();
    await waitFor(() => expect(unit.value).toBe('B-12'));
    fireEvent.change(unit, { target: { value: 'Z-99' } });
    const save = within(card).getByRole('button', { name: /save/i });
    fireEvent.click(save);
    await waitFor(() => expect(save.getAttribute('data-loading')).toBe('true'));
    expect(roleBox('Resident').disabled).toBe(true);
    release();
    const unitError = await within(card).findByText('This unit is not on the property.');
    expect(unit.getAttribute('aria-describedby')).toContain(unitError.id);
    expect(within(screen.getByTestId('role-picker')).getByText('Keep one Property Manager.')).toBeTruthy();
    expect(roleBox('Resident').disabled).toBe(false);
  });

  it('shows one’s own membership read-only, with no Save', async () => {
    fakeApi(undefined, { ...ana, userId: ME });
    renderApp(PAGE);
    const { card, unit } = await openForm();
    await waitFor(() => expect(unit.value).toBe('B-12'));
    expect(unit.disabled).toBe(true);
    expect(roleBox('Resident').disabled).toBe(true);
    expect(within(card).queryByRole('button', { name: /save/i })).toBeNull();
  });
});
