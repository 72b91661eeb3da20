/**
 * Entities (issue 8 §5): one cache key per shared record, so a write on one screen reaches the
 * others; staff and portal-user pickers search on the server (issue 8 §6: they stopped at 100).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useZoneMutations } from '../features/customer-map/api/map-api';
import { useZones as usePlanZones } from '../features/plans/api/templates-api';
import { testUser } from '../components/ui/test-providers';
import { resetSessionForTests, signIn } from '../app/session-store';
import { customerZoneSchema, employeeSchema, portalUserSchema } from '@grove/shared';
import { fakeToken, installFakeFetch } from '../app/test-support/fake-fetch';
import { sample } from '../app/test-support/sample';
import { useCustomerZones } from './customers';
import { useStaffPicker } from './employees';
import { PICKER_DEBOUNCE_MS } from './picker-search';
import { usePortalUserPicker } from './portal-users';

const CUSTOMER = '33333333-3333-4333-8333-333333333333';
const ZONE = '44444444-4444-4444-8444-444444444444';

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** A closed ring: the smallest zone the contract takes. */
const SQUARE = { type: 'Polygon' as const, coordinates: [[[-97.7, 30.2], [-97.69, 30.2], [-97.69, 30.21], [-97.7, 30.2]]] as [number, number][][] };
const E001 = '00000000-0000-4000-8000-000000000001';
const E150 = '00000000-0000-4000-8000-000000000150';
const E201 = '00000000-0000-4000-8000-000000000201';
const P1 = '00000000-0000-4000-8000-0000000000a1';
const P2 = '00000000-0000-4000-8000-0000000000a2';

const employee = (id: string, firstName: string, lastName: string) => sample(employeeSchema, { id, firstName, lastName, email: `${firstName.toLowerCase()}@example.test` });

beforeEach(() => {
  resetSessionForTests();
  signIn({ token: fakeToken(), user: testUser({ roles: ['System Admin'] }) });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('customer zones: one cache for every screen', () => {
  it('a zone drawn in the map editor shows in the request form and the plan forms', async () => {
    const zones: unknown[] = [];
    installFakeFetch(({ url, method, body }) => {
      if (url.pathname === `/api/Customers/${CUSTOMER}/zones` && method === 'GET') return { body: { data: zones } };
      if (url.pathname === `/api/Customers/${CUSTOMER}/zones` && method === 'POST') {
        const zone = sample(customerZoneSchema, { id: ZONE, customerId: CUSTOMER, name: (body as { name: string }).name, geometry: SQUARE });
        zones.push(zone);
        return { status: 201, body: zone };
      }
      return undefined;
    });
    const { result } = renderHook(
      () => ({ request: useCustomerZones(CUSTOMER), plan: usePlanZones(CUSTOMER), map: useZoneMutations(CUSTOMER) }),
      { wrapper: wrapper() },
    );
    await waitFor(() => expect(result.current.request.data).toEqual([]));

    await act(async () => {
      await result.current.map.create.mutateAsync({ name: 'Front lawn', kind: 'turf', color: '#2f9e44', geometry: SQUARE });
    });

    await waitFor(() => expect(result.current.request.data?.map((zone) => zone.name)).toEqual(['Front lawn']));
    expect(result.current.plan.data?.map((zone) => zone.name)).toEqual(['Front lawn']);
  });
});

describe('staff picker', () => {
  it('asks the server for what is typed, once typing pauses, and keeps the chosen person', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = installFakeFetch(({ url }) => {
      if (url.pathname === '/api/Employees') {
        const search = url.searchParams.get('search');
        const data = search ? [employee(E201, 'Zed', 'Zimmer')] : [employee(E001, 'Abe', 'Adams')];
        return { body: { data, total: 250, page: 1, pageSize: 50 } };
      }
      if (url.pathname === `/api/Employees/${E150}`) return { body: employee(E150, 'Mia', 'Moss') };
      return undefined;
    });
    const { result } = renderHook(() => useStaffPicker({ selectedId: E150, role: 'Account Manager' }), { wrapper: wrapper() });
    // The chosen person is offered though they are not on the first page.
    await waitFor(() => expect(result.current.select.data.map((option) => option.label)).toEqual(['Mia Moss', 'Abe Adams']));
    const first = calls.find((call) => call.url.pathname === '/api/Employees');
    expect(first?.url.searchParams.get('role')).toBe('Account Manager');

    act(() => result.current.select.onSearchChange('Ze'));
    act(() => result.current.select.onSearchChange('Zed'));
    const searches = () => calls.filter((call) => call.url.pathname === '/api/Employees' && call.url.searchParams.has('search'));
    expect(searches()).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(PICKER_DEBOUNCE_MS));
    await waitFor(() => expect(result.current.select.data.map((option) => option.label)).toEqual(['Mia Moss', 'Zed Zimmer']));
    // One request for the pause, with the last text only.
    expect(searches().map((call) => call.url.searchParams.get('search'))).toEqual(['Zed']);
  });

  it('treats the chosen name in the box as no search', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = installFakeFetch(({ url }) => {
      if (url.pathname === '/api/Employees') return { body: { data: [employee(E150, 'Mia', 'Moss')], total: 1, page: 1, pageSize: 50 } };
      if (url.pathname === `/api/Employees/${E150}`) return { body: employee(E150, 'Mia', 'Moss') };
      return undefined;
    });
    const { result } = renderHook(() => useStaffPicker({ selectedId: E150 }), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.select.data).toHaveLength(1));
    act(() => result.current.select.onSearchChange('Mia Moss'));
    await act(() => vi.advanceTimersByTimeAsync(PICKER_DEBOUNCE_MS));
    expect(calls.filter((call) => call.url.searchParams.has('search'))).toHaveLength(0);
  });
});

describe('portal-user picker', () => {
  it('searches the customer’s active portal users on the server', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = installFakeFetch(({ url }) => {
      if (url.pathname === `/api/Customers/${CUSTOMER}/portal-users`) {
        const search = url.searchParams.get('search');
        const data = [sample(portalUserSchema, { userId: search ? P2 : P1, firstName: search ? 'Quinn' : 'Pat', lastName: 'Resident' })];
        return { body: { data, total: 400, page: 1, pageSize: 50 } };
      }
      return undefined;
    });
    const { result } = renderHook(() => usePortalUserPicker(CUSTOMER, null), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.select.data.map((option) => option.label)).toEqual(['Pat Resident']));
    act(() => result.current.select.onSearchChange('qui'));
    await act(() => vi.advanceTimersByTimeAsync(PICKER_DEBOUNCE_MS));
    await waitFor(() => expect(result.current.select.data.map((option) => option.label)).toEqual(['Quinn Resident']));
    const last = calls.filter((call) => call.url.pathname.endsWith('/portal-users')).at(-1)!;
    expect(last.url.searchParams.get('search')).toBe('qui');
    expect(last.url.searchParams.get('status')).toBe('active');
  });

  it('asks nothing when the caller may not list portal users', async () => {
    const calls = installFakeFetch(() => undefined);
    const { result } = renderHook(() => usePortalUserPicker(undefined, null), { wrapper: wrapper() });
    await act(async () => undefined);
    expect(result.current.select.data).toEqual([]);
    expect(calls.filter((call) => call.url.pathname.includes('portal-users'))).toHaveLength(0);
  });
});
