import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServiceRequestType, StaffRole } from '@grove/shared';
import { resetSessionForTests, signIn } from '../../../app/session-store';
import { fakeToken, installFakeFetch } from '../../../app/test-support/fake-fetch';
import { renderApp } from '../../../app/test-support/render-app';
import { installBrowserMocks, setupTestI18n, testUser } from '../../../components/ui/test-providers';

const REGION = '00000000-0000-4000-8000-0000000000aa';
const BRANCH = '00000000-0000-4000-8000-0000000000bb';
const TYPE = '00000000-0000-4000-8000-0000000000cc';

const mowing: ServiceRequestType = { id: TYPE, code: 'mowing', name: 'Mowing', sortOrder: 1, retired: false, retiredAt: null, inUse: true };

function api() {
  return installFakeFetch(({ method, url }) => {
    if (url.pathname === '/api/Regions') return { body: { data: [{ id: REGION, name: 'Georgia' }] } };
    if (url.pathname === '/api/Branches') return { body: { data: [{ id: BRANCH, name: 'Marietta', regionId: REGION, regionName: 'Georgia', timeZone: 'America/New_York' }] } };
    if (url.pathname === '/api/ServiceRequestTypes') return { body: { data: [mowing] } };
    if (url.pathname === `/api/ServiceRequestTypes/${TYPE}` && method === 'DELETE') {
      return { status: 409, body: { message: 'This type is used by service requests and cannot be deleted. Retire it instead.' } };
    }
    return undefined;
  });
}

function signInWith(roles: StaffRole[]) {
  signIn({ token: fakeToken(), user: testUser({ roles }) });
}

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

describe('settings page', () => {
  it('gives a System Admin the edit buttons', async () => {
    signInWith(['System Admin']);
    api();
    renderApp('/settings?tab=regions');
    const table = await screen.findByTestId('regions-table');
    expect(within(table).getByText('Marietta')).toBeTruthy();
    expect(within(table).getByText('America/New_York')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add region' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add branch' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Edit region Georgia' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Edit branch Marietta' })).toBeTruthy();
  });

  it('shows other staff the same data without any edit button', async () => {
    signInWith(['Branch Manager']);
    api();
    renderApp('/settings?tab=regions');
    const table = await screen.findByTestId('regions-table');
    expect(within(table).getByText('Marietta')).toBeTruthy();
    expect(screen.getByTestId('read-only-note')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add region' })).toBeNull();
    expect(within(table).queryAllByRole('button')).toEqual([]);

    fireEvent.click(screen.getByRole('tab', { name: 'Request types' }));
    const types = await screen.findByTestId('types-table');
    expect(within(types).getByText('Mowing')).toBeTruthy();
    expect(within(types).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add type' })).toBeNull();

    // Their own notification choices are theirs to change: no "only a System Admin" note there.
    fireEvent.click(screen.getByRole('tab', { name: 'My notifications' }));
    await waitFor(() => expect(screen.queryByTestId('read-only-note')).toBeNull());
  });

  it('explains that a request type in use cannot be deleted', async () => {
    signInWith(['System Admin']);
    const calls = api();
    renderApp('/settings?tab=regions');
    await screen.findByTestId('regions-table');
    fireEvent.click(screen.getByRole('tab', { name: 'Request types' }));
    const types = await screen.findByTestId('types-table');
    fireEvent.click(within(types).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByTestId('type-in-use');
    expect(alert.textContent).toContain('Mowing is used by service requests, so it cannot be deleted. Retire it instead.');
    expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === `/api/ServiceRequestTypes/${TYPE}`)).toBe(true);
    expect(within(types).getByText('Mowing')).toBeTruthy();
  });

  it('lets any staff member turn off email for a kind of notification', async () => {
    signInWith(['Crew Leader']);
    const calls = installFakeFetch(({ method, url }) => {
      if (url.pathname !== '/api/Notifications/preferences') return undefined;
      const listed = { kind: 'service_request_assigned', audience: 'staff', title: 'Requests assigned to you', description: 'A request is assigned to you.' };
      if (method === 'PUT') return { body: { data: [{ ...listed, inApp: true, email: false }] } };
      return { body: { data: [{ ...listed, inApp: true, email: true }] } };
    });
    renderApp('/settings?tab=regions');
    fireEvent.click(await screen.findByRole('tab', { name: 'My notifications' }));
    const card = await screen.findByTestId('staff-notifications');
    const switches = await within(card).findAllByRole('switch');
    expect(switches).toHaveLength(2);
    fireEvent.click(switches[1]!);
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toEqual({ data: [{ kind: 'service_request_assigned', inApp: true, email: false }] });
  });
});
