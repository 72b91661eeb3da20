import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomerSummary } from '@grove/shared';
import { installBrowserMocks, setupTestI18n, testUser } from '../../../components/ui/test-providers';
import { resetSessionForTests, signIn } from '../../../app/session-store';
import { fakeToken, installFakeFetch, type FakeRequest } from '../../../app/test-support/fake-fetch';
import { hasScreen } from '../../../app/route-pages';
import { renderApp } from '../../../app/test-support/render-app';

const row = (n: number): CustomerSummary => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Customer ${n}`,
  accountNumber: `ACC-${n}`,
  type: 'commercial',
  status: 'active',
  addressLine1: `${n} Main St`,
  city: 'Plano',
  state: 'TX',
  postalCode: '75024',
  regionId: '00000000-0000-4000-8000-0000000000aa',
  regionName: 'Texas',
  branchId: '00000000-0000-4000-8000-0000000000bb',
  branchName: 'Plano',
  accountManagerId: null,
  accountManagerName: 'Rachel Kim',
  openRequestCount: n % 3,
});

const listCalls = (calls: FakeRequest[]) => calls.filter((call) => call.url.pathname === '/api/Customers').map((call) => call.url.search);

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

beforeEach(() => {
  localStorage.clear();
  resetSessionForTests();
  signIn({ token: fakeToken(), user: testUser({ roles: ['Regional Manager'] }) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('customers list', () => {
  it('reads search, filters, sort and page from the URL and keeps changes there (back works)', async () => {
    const calls = installFakeFetch(({ url }) =>
      url.pathname === '/api/Customers' ? { body: { data: [row(1), row(2)], total: 60, page: Number(url.searchParams.get('page')), pageSize: 25 } } : undefined,
    );
    const { router } = renderApp('/customers?search=main&status=active&sort=-name&page=2');
    const table = await screen.findByTestId('customer-table');
    expect(within(table).getByRole('link', { name: 'Customer 1' }).getAttribute('href')).toBe(`/customers/${row(1).id}`);
    expect(listCalls(calls)[0]).toBe('?page=2&pageSize=25&sort=-name&search=main&status=active');
    expect(screen.getByText('26–50 of 60')).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=main&status=active'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toBe('?page=1&pageSize=25&sort=name&search=main&status=active'));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?search=main&status=active&sort=-name&page=2'));
    expect(within(screen.getByTestId('customer-table')).getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('ignores unknown filter values from a hand-edited link', async () => {
    const calls = installFakeFetch(({ url }) => (url.pathname === '/api/Customers' ? { body: { data: [row(1)], total: 1, page: 1, pageSize: 25 } } : undefined));
    renderApp('/customers?status=bogus&sort=drop-table&type=hoa');
    await screen.findByTestId('customer-table');
    expect(listCalls(calls)[0]).toBe('?page=1&pageSize=25&sort=name&type=hoa');
  });

  it('shows an error with retry, then the rows', async () => {
    let fail = true;
    installFakeFetch(({ url }) => {
      if (url.pathname !== '/api/Customers') return undefined;
      return fail ? { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } } : { body: { data: [row(7)], total: 1, page: 1, pageSize: 25 } };
    });
    renderApp('/customers');
    const error = await screen.findByTestId('error-state', {}, { timeout: 15000 });
    fail = false;
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findByRole('link', { name: 'Customer 7' })).toBeTruthy();
  });

  it('shows an empty state that offers to clear filters', async () => {
    installFakeFetch(({ url }) => (url.pathname === '/api/Customers' ? { body: { data: [], total: 0, page: 1, pageSize: 25 } } : undefined));
    const { router } = renderApp('/customers?search=zzz');
    expect(await screen.findByText('No customers match')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('No customers yet')).toBeTruthy();
  });
});

describe('customers CSV export', () => {
  it('downloads the current filter without paging', async () => {
    const calls = installFakeFetch(({ url }) => {
      if (url.pathname === '/api/Customers') return { body: { data: [row(1)], total: 1, page: 1, pageSize: 25 } };
      return undefined;
    });
    const csvCalls: string[] = [];
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (String(input).includes('export.csv')) {
        csvCalls.push(String(input));
        return new Response('\uFEFFName\r\nCustomer 1\r\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="customers-2026-01-01.csv"' } });
      }
      return realFetch(input, init);
    });
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/customers?search=main&type=hoa&page=3');
    await screen.findByTestId('customer-table');
    expect(listCalls(calls)[0]).toContain('page=3');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(csvCalls).toEqual(['/api/Customers/export.csv?sort=name&search=main&type=hoa']);
    expect(createObjectURL).toHaveBeenCalled();
  });
});

describe('customer page shell', () => {
  it('shows the customer and links every per-customer area the role may open', async () => {
    installFakeFetch(({ url }) =>
      url.pathname === `/api/Customers/${row(1).id}`
        ? { body: { ...row(1), view: 'staff', photoFileId: null, permissions: { edit: 'all', editSettings: true, editMap: true, managePortal: true, manageTeam: true }, addressLine2: null, latitude: null, longitude: null, contractStart: null, contractEnd: null, serviceDays: [], propertySizeAcres: null, notes: null, branchTimeZone: 'America/Chicago', team: [] } }
        : undefined,
    );
    renderApp(`/customers/${row(1).id}`);
    await screen.findByTestId('customer-overview');
    const hrefs = [screen.getByTestId('customer-attention'), ...screen.queryAllByTestId('customer-sections')].flatMap((grid) =>
      within(grid)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    );
    const base = `/customers/${row(1).id}`;
    // Requests (what needs action) come first; an area is linked once it is built (issue 17 §1).
    expect(within(screen.getByTestId('customer-attention')).getAllByRole('link').map((link) => link.getAttribute('href'))).toContain(`${base}/requests/new`);
    for (const area of ['orange-reports', 'orange-reports/new', 'orange-reports/pending', 'manage-portal-access', 'manage-portal-access/newUser', 'manage-portal-access/addYnMember', 'plans', 'plans/new', 'planTemplates', 'invoices/new', 'proposals', 'documents/new', 'messages/new', 'requests/new']) {
      expect(hrefs.includes(`${base}/${area}`), area).toBe(hasScreen(`/customers/:customerId/${area}`));
    }
    // Settings and the map have their own buttons, never a tile with only a title.
    expect(hrefs).not.toContain(`${base}/settings`);
    expect(hrefs).not.toContain(`${base}/update-map`);
  });

  it('says so when the customer is not found (out of scope answers 404)', async () => {
    installFakeFetch(() => ({ status: 404, body: { message: 'Not found' } }));
    renderApp(`/customers/${row(9).id}`);
    expect(await screen.findByTestId('customer-not-found')).toBeTruthy();
  });

  it('hides customer messages from a Resident on the customer side', async () => {
    signIn({ token: fakeToken(), user: testUser({ roles: ['Resident'] }) });
    installFakeFetch(() => ({ status: 404, body: { message: 'Not found' } }));
    renderApp(`/customerView/${row(1).id}/sendKudos`);
    await screen.findByRole('heading', { level: 1, name: 'Send kudos' });
    await act(() => Promise.resolve());
    const { router } = renderApp(`/customerView/${row(1).id}/messages`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/customerView/dashboard'));
  });
});
