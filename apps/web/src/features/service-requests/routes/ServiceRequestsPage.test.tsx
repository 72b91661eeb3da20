import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServiceRequestSummary } from '@grove/shared';
import { installBrowserMocks, setupTestI18n, testUser } from '../../../components/ui/test-providers';
import { resetSessionForTests, signIn } from '../../../app/session-store';
import { fakeToken, installFakeFetch, type FakeRequest } from '../../../app/test-support/fake-fetch';
import { renderApp } from '../../../app/test-support/render-app';
import { CUSTOMER_ID, request } from '../components/request-fixtures';

const summary = (n: number, overrides: Partial<ServiceRequestSummary> = {}): ServiceRequestSummary => {
  const { description: _d, zoneId: _z, preferredContact: _p, createdBy: _c, acknowledgedAt: _a, scheduledAt: _s, startedAt: _st, closedAt: _cl, cancelledAt: _ca, cancelReason: _cr, reopenedAt: _r, reopenCount: _rc, reopenUntil: _ru, allowedActions: _aa, attachments: _at, timeline: _t, ...row } = request();
  return { ...row, id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, number: `SR-2026-${String(n).padStart(4, '0')}`, title: `Request ${n}`, ...overrides };
};

const ASSIGNEE = '99999999-9999-4999-8999-999999999999';
const listCalls = (calls: FakeRequest[]) => calls.filter((call) => call.url.pathname === '/api/ServiceRequests').map((call) => Object.fromEntries(call.url.searchParams));

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

beforeEach(() => {
  localStorage.clear();
  resetSessionForTests();
  signIn({ token: fakeToken(), user: testUser({ roles: ['Account Manager'] }) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function api(rows: ServiceRequestSummary[]) {
  return installFakeFetch(({ url, method }) => {
    if (url.pathname === '/api/ServiceRequests' && method === 'GET') {
      const overdueCount = url.searchParams.get('view') === 'overdue' && url.searchParams.get('pageSize') === '1';
      return { body: { data: overdueCount ? [] : rows, total: overdueCount ? 3 : rows.length, page: 1, pageSize: 25 } };
    }
    if (url.pathname === '/api/ServiceRequests/bulk-assign') return { body: { updated: 2, skipped: [] } };
    if (url.pathname === '/api/ServiceRequestTypes') return { body: { data: [] } };
    if (url.pathname === '/api/ServiceRequestPriorities') return { body: { data: [] } };
    if (url.pathname === '/api/Employees') return { body: { data: [], total: 0, page: 1, pageSize: 100 } };
    if (url.pathname === '/api/Branches') return { body: { data: [] } };
    if (url.pathname === `/api/Customers/${CUSTOMER_ID}/team`)
      return { body: { data: [{ userId: ASSIGNEE, name: 'Luis Ortega', teamRole: 'Crew Leader', email: 'l@example.test', phone: null, title: null, photoFileId: null }] } };
    return undefined;
  });
}

describe('staff service request list', () => {
  it('sends the URL state as the API query and keeps tab changes in the URL', async () => {
    const calls = api([summary(1, { overdue: true })]);
    const { router } = renderApp(`/service-requests?status=new,bogus&overdue=true&search=pump&sort=-priority&page=2`);
    await screen.findByText('Request 1');
    expect(listCalls(calls)).toContainEqual({ page: '2', pageSize: '25', sort: '-priority', search: 'pump', status: 'new', overdue: 'true' });
    expect(screen.getByTestId('overdue-badge')).toBeTruthy();
    // The overdue tab shows how many are overdue.
    expect(within(screen.getByTestId('request-views')).getByLabelText('3 overdue')).toBeTruthy();

    fireEvent.click(within(screen.getByTestId('request-views')).getByText('Unassigned'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=new%2Cbogus&overdue=true&search=pump&sort=-priority&view=unassigned'));
    await waitFor(() => expect(listCalls(calls).at(-1)).toEqual({ page: '1', pageSize: '25', sort: '-priority', search: 'pump', view: 'unassigned', status: 'new', overdue: 'true' }));
  });

  it('per customer: pins the customer, bulk-assigns the selected rows to a team member', async () => {
    const calls = api([summary(1), summary(2), summary(3)]);
    renderApp(`/customers/${CUSTOMER_ID}/requests?customer=${ASSIGNEE}`);
    await screen.findByText('Request 1');
    expect(listCalls(calls)[0]).toMatchObject({ customerId: CUSTOMER_ID });
    expect(screen.getByRole('link', { name: /Request 1/ }).getAttribute('href')).toBe(`/customers/${CUSTOMER_ID}/requests/${summary(1).id}/update`);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select SR-2026-0001' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select SR-2026-0003' }));
    const bar = await screen.findByTestId('bulk-bar');
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    fireEvent.click(within(bar).getByPlaceholderText('Choose a person'));
    fireEvent.click(await screen.findByRole('option', { name: 'Luis Ortega' }));
    fireEvent.click(within(bar).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/ServiceRequests/bulk-assign')).toBe(true));
    const bulk = calls.find((call) => call.url.pathname === '/api/ServiceRequests/bulk-assign')!;
    expect(bulk.body).toEqual({ ids: [summary(1).id, summary(3).id], assigneeId: ASSIGNEE });
    await waitFor(() => expect(screen.queryByTestId('bulk-bar')).toBeNull());
  });

  it('shows an empty state for a ready view with a way back to all requests', async () => {
    api([]);
    const { router } = renderApp('/service-requests?view=overdue');
    expect(await screen.findByText('Nothing is overdue')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all requests' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
