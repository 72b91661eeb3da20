import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { CUSTOMER_LIMITS, customerDetailSchema } from '@grove/shared';
import { ConfirmProvider } from '../../../components/ui/ConfirmDialog';
import { installBrowserMocks, setupTestI18n, signInAs, testUser, TestProviders } from '../../../components/ui/test-providers';
import { installFakeFetch, type FakeHandler, type FakeRequest } from '../../../app/test-support/fake-fetch';
import { sample } from '../../../app/test-support/sample';
import { NewCustomerDrawer } from './NewCustomerDrawer';

// CustomerFields is the field set of the create drawer and the settings page (CustomerSettingsPage.test.tsx
// covers the rights there); here through the drawer, as a System Admin creates a customer.

const CREATED = '00000000-0000-4000-8000-0000000000d1';
const NORTH = '00000000-0000-4000-8000-0000000000a1';
const SOUTH = '00000000-0000-4000-8000-0000000000a2';
const MARIETTA = '00000000-0000-4000-8000-0000000000b1';
const ROSWELL = '00000000-0000-4000-8000-0000000000b2';
const regions = { data: [{ id: NORTH, name: 'North' }, { id: SOUTH, name: 'South' }] };
const branches = {
  data: [
    { id: MARIETTA, name: 'Marietta', regionId: NORTH, regionName: 'North', timeZone: 'America/New_York' },
    { id: ROSWELL, name: 'Roswell', regionId: SOUTH, regionName: 'South', timeZone: 'America/New_York' },
  ],
};

function fakeApi(create: FakeHandler = () => ({ body: sample(customerDetailSchema, { id: CREATED, name: 'Whitlock Ridge HOA' }) })): FakeRequest[] {
  return installFakeFetch(async (request) => {
    const { pathname } = request.url;
    if (pathname === '/api/Regions') return { body: regions };
    if (pathname === '/api/Branches') return { body: branches };
    if (pathname === '/api/Employees') return { body: { data: [], total: 0, page: 1, pageSize: 20 } };
    if (pathname === '/api/Customers' && request.method === 'POST') return create(request);
    return undefined;
  });
}

function renderDrawer() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/customers', element: <NewCustomerDrawer opened onClose={() => undefined} /> },
      { path: '/customers/:id', element: <p>customer page</p> },
    ],
    { initialEntries: ['/customers'] },
  );
  render(
    <TestProviders>
      <QueryClientProvider client={client}>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </QueryClientProvider>
    </TestProviders>,
  );
  return { router, form: screen.getByTestId('customer-form') };
}

const named = (form: HTMLElement, name: string) => form.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const fill = (form: HTMLElement, name: string, value: string) => fireEvent.change(named(form, name), { target: { value } });
/** The visible input of a Mantine Select (the named one is hidden). */
const select = (form: HTMLElement, label: RegExp) => within(form).getAllByLabelText(label, { selector: 'input:not([type="hidden"])' })[0]!;
const posts = (calls: FakeRequest[]) => calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/Customers');
const submit = (form: HTMLElement) => fireEvent.click(within(form).getByRole('button', { name: /create/i }));

async function pick(form: HTMLElement, label: RegExp, option: string) {
  fireEvent.click(select(form, label));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

function fillRequired(form: HTMLElement) {
  fill(form, 'name', 'Whitlock Ridge HOA');
  fill(form, 'accountNumber', 'MAR-1001');
  fill(form, 'addressLine1', '1450 Whitlock Ridge Dr');
  fill(form, 'city', 'Marietta');
  fill(form, 'state', 'GA');
  fill(form, 'postalCode', '30064');
}

beforeAll(async () => {
  installBrowserMocks();
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() } });
  }
  await setupTestI18n();
});

beforeEach(() => signInAs(testUser({ roles: ['System Admin'] })));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CustomerFields (in the new-customer drawer)', () => {
  it('marks every required field, region and branch included, and sends nothing', async () => {
    const calls = fakeApi();
    const { form } = renderDrawer();
    submit(form);
    // name, account number, address, city, state, postal code, region, branch
    expect(await within(form).findAllByText('This field is required.')).toHaveLength(8);
    for (const name of ['name', 'accountNumber', 'addressLine1', 'city', 'state', 'postalCode']) expect(named(form, name).getAttribute('aria-invalid')).toBe('true');
    expect(named(form, 'addressLine2').getAttribute('aria-invalid')).not.toBe('true');
    expect(posts(calls)).toHaveLength(0);
  });

  it('limits the text fields to the shared schema’s lengths', () => {
    fakeApi();
    const { form } = renderDrawer();
    const limits: Record<string, number> = {
      name: CUSTOMER_LIMITS.name,
      accountNumber: CUSTOMER_LIMITS.accountNumber,
      addressLine1: CUSTOMER_LIMITS.addressLine,
      addressLine2: CUSTOMER_LIMITS.addressLine,
      city: CUSTOMER_LIMITS.city,
      state: CUSTOMER_LIMITS.state,
      postalCode: CUSTOMER_LIMITS.postalCode,
      notes: CUSTOMER_LIMITS.notes,
    };
    for (const [name, max] of Object.entries(limits)) expect([name, named(form, name).maxLength]).toEqual([name, max]);
  });

  it('offers the branches of the chosen region, and a branch sets its region', async () => {
    fakeApi();
    const { form } = renderDrawer();
    await pick(form, /^Branch/, 'Roswell');
    await waitFor(() => expect((select(form, /^Region/) as HTMLInputElement).value).toBe('South'));
    await pick(form, /^Region/, 'North');
    expect((select(form, /^Branch/) as HTMLInputElement).value).toBe('');
    fireEvent.click(select(form, /^Branch/));
    expect(await screen.findByRole('option', { name: 'Marietta', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Roswell', hidden: true })).toBeNull();
  });

  it('sends every field as the contract’s body (empty ones as null) and opens the new customer', async () => {
    const calls = fakeApi();
    const { form, router } = renderDrawer();
    fillRequired(form);
    fill(form, 'notes', 'Gate code 1234');
    await pick(form, /^Branch/, 'Marietta');
    submit(form);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/customers/${CREATED}`));
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]!.body).toEqual({
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
      regionId: NORTH,
      branchId: MARIETTA,
      accountManagerId: null,
      contractStart: null,
      contractEnd: null,
      serviceDays: [],
      propertySizeAcres: null,
      notes: 'Gate code 1234',
      photoFileId: null,
    });
  });

  it('disables the fields while sending, then shows the server’s field errors on their fields', async () => {
    let release: () => void = () => undefined;
    fakeApi(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { status: 409, body: { message: 'This account number is taken.', errors: { accountNumber: ['This account number is already used.'] } } };
    });
    const { form } = renderDrawer();
    fillRequired(form);
    await pick(form, /^Branch/, 'Marietta');
    submit(form);
    await waitFor(() => expect(named(form, 'name').disabled).toBe(true));
    expect(within(form).getByRole('button', { name: /create/i }).getAttribute('data-loading')).toBe('true');
    release();
    const error = await within(form).findByText('This account number is already used.');
    expect(named(form, 'accountNumber').getAttribute('aria-describedby')).toContain(error.id);
    expect(named(form, 'name').disabled).toBe(false);
  });
});
