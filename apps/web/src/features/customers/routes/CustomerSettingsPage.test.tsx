import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomerDetail, CustomerSettings } from '@grove/shared';
import { installBrowserMocks, setupTestI18n, testUser } from '../../../components/ui/test-providers';
import { resetSessionForTests, signIn } from '../../../app/session-store';
import { fakeToken, installFakeFetch, type FakeRequest } from '../../../app/test-support/fake-fetch';
import { renderApp } from '../../../app/test-support/render-app';

const REGION = '00000000-0000-4000-8000-0000000000aa';
const BRANCH = '00000000-0000-4000-8000-0000000000bb';

const customer = (edit: CustomerDetail['permissions']['edit']): CustomerDetail => ({
  id: '00000000-0000-4000-8000-000000000042',
  view: 'staff',
  name: 'Whitlock Ridge HOA',
  accountNumber: 'MAR-1001',
  type: 'hoa',
  status: 'active',
  addressLine1: '1450 Whitlock Ridge Dr',
  addressLine2: null,
  city: 'Marietta',
  state: 'GA',
  postalCode: '30064',
  latitude: 33.95,
  longitude: -84.55,
  regionId: REGION,
  regionName: 'Georgia',
  branchId: BRANCH,
  branchName: 'Marietta',
  branchTimeZone: 'America/New_York',
  accountManagerId: null,
  accountManagerName: null,
  openRequestCount: 0,
  contractStart: '2025-06-01',
  contractEnd: null,
  serviceDays: ['mon'],
  propertySizeAcres: 27.8,
  notes: 'Gate code 1234',
  photoFileId: null,
  team: [],
  permissions: { edit, editSettings: edit === 'all', editMap: edit !== 'none', managePortal: edit !== 'none', manageTeam: edit !== 'none' },
});

const settings = (canEdit: boolean): CustomerSettings => ({
  customerId: '00000000-0000-4000-8000-000000000042',
  selfRegistrationEnabled: true,
  registrationCode: 'ABCD-2345',
  boardMembersManagePortal: false,
  notificationRoles: { service_request_update: ['Property Manager'], service_request_property_update: [], portal_registration_pending: ['Property Manager'] },
  notificationKinds: [
    { kind: 'service_request_update', title: 'Updates on their own service requests' },
    { kind: 'service_request_property_update', title: 'Updates on any service request of the property' },
    { kind: 'portal_registration_pending', title: 'A resident registration waits for approval' },
  ],
  canEdit,
});

function api(detail: CustomerDetail, onPut?: (request: FakeRequest) => { status?: number; body?: unknown }) {
  return installFakeFetch((request) => {
    const { pathname } = request.url;
    if (pathname === `/api/Customers/${detail.id}` && request.method === 'PUT') return onPut?.(request) ?? { body: detail };
    if (pathname === `/api/Customers/${detail.id}`) return { body: detail };
    if (pathname === `/api/Customers/${detail.id}/settings`) return { body: settings(detail.permissions.edit === 'all') };
    if (pathname === '/api/Regions') return { body: { data: [{ id: REGION, name: 'Georgia' }] } };
    if (pathname === '/api/Branches') return { body: { data: [{ id: BRANCH, name: 'Marietta', regionId: REGION, regionName: 'Georgia', timeZone: 'America/New_York' }] } };
    if (pathname === '/api/Employees') return { body: { data: [], total: 0, page: 1, pageSize: 100 } };
    return undefined;
  });
}

// Date fields carry their name on the visible input as `data-name` (the hidden one holds the ISO day).
const input = (form: HTMLElement, name: string) =>
  (form.querySelector<HTMLInputElement>(`[data-name="${name}"]`) ?? form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`))!;

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

describe('customer settings', () => {
  it('lets an account manager change only the contact details, and sends only those', async () => {
    signIn({ token: fakeToken(), user: testUser({ roles: ['Account Manager'] }) });
    const detail = customer('contact');
    const calls = api(detail, (request) => ({ body: { ...detail, ...(request.body as object) } }));
    renderApp(`/customers/${detail.id}/settings`);
    const form = await screen.findByTestId('customer-form');
    await waitFor(() => expect(input(form, 'name').value).toBe('Whitlock Ridge HOA'));
    expect(screen.getByTestId('contact-only')).toBeTruthy();

    for (const field of ['name', 'accountNumber', 'contractStart', 'propertySizeAcres', 'regionId', 'branchId']) {
      expect(input(form, field).disabled, `${field} disabled`).toBe(true);
    }
    for (const field of ['addressLine1', 'addressLine2', 'city', 'state', 'postalCode', 'latitude', 'longitude', 'notes']) {
      expect(input(form, field).disabled, `${field} enabled`).toBe(false);
    }
    // The settings are shown read-only: only editors change them.
    const portal = await screen.findByTestId('portal-settings');
    expect(within(portal).queryByRole('button', { name: 'Rotate code' })).toBeNull();

    fireEvent.change(input(form, 'notes'), { target: { value: 'Gate code 9876' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ notes: 'Gate code 9876' });
  });

  it('gives editors every field', async () => {
    signIn({ token: fakeToken(), user: testUser({ roles: ['Branch Manager'] }) });
    const detail = customer('all');
    api(detail);
    renderApp(`/customers/${detail.id}/settings`);
    const form = await screen.findByTestId('customer-form');
    await waitFor(() => expect(input(form, 'name').value).toBe('Whitlock Ridge HOA'));
    for (const field of ['name', 'accountNumber', 'addressLine1', 'notes', 'contractStart']) expect(input(form, field).disabled).toBe(false);
    expect(screen.queryByTestId('contact-only')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Rotate code' })).toBeTruthy();
  });

  it('shows the server’s field errors next to their fields', async () => {
    signIn({ token: fakeToken(), user: testUser({ roles: ['System Admin'] }) });
    const detail = customer('all');
    api(detail, () => ({ status: 400, body: { message: 'Please correct the marked fields.', errors: { accountNumber: ['This account number is already in use.'] } } }));
    renderApp(`/customers/${detail.id}/settings`);
    const form = await screen.findByTestId('customer-form');
    await waitFor(() => expect(input(form, 'accountNumber').value).toBe('MAR-1001'));
    fireEvent.change(input(form, 'accountNumber'), { target: { value: 'MAR-1002' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    const message = await within(form).findByText('This account number is already in use.');
    // Mantine links the error to its input.
    expect(input(form, 'accountNumber').getAttribute('aria-invalid')).toBe('true');
    expect(input(form, 'accountNumber').getAttribute('aria-describedby')).toContain(message.id);
    expect(within(form).getByTestId('form-error').textContent).toContain('Please correct the marked fields.');
  });

  it('checks the form in the browser before sending', async () => {
    signIn({ token: fakeToken(), user: testUser({ roles: ['System Admin'] }) });
    const detail = customer('all');
    const calls = api(detail);
    renderApp(`/customers/${detail.id}/settings`);
    const form = await screen.findByTestId('customer-form');
    await waitFor(() => expect(input(form, 'name').value).toBe('Whitlock Ridge HOA'));
    fireEvent.change(input(form, 'name'), { target: { value: '  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('This field is required.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
