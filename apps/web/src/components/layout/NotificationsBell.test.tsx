import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import type { Notification } from '@grove/shared';
import { queryClient } from '../../app/query-client';
import { resetSessionForTests, signIn } from '../../app/session-store';
import { fakeToken, installFakeFetch } from '../../app/test-support/fake-fetch';
import { UNREAD_POLL_MS } from '../../entities/notifications';
import { installBrowserMocks, renderRoutes, setupTestI18n, testUser } from '../ui/test-providers';
import { NotificationsBell, countLabel, inAppPath } from './NotificationsBell';

const LINK = '/customerView/11111111-1111-4111-8111-111111111111/requests/22222222-2222-4222-8222-222222222222/update';

function note(n: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    type: 'service_request_update',
    title: `Service request SR-2026-000${n}: Scheduled`,
    text: `“Broken sprinkler” is now Scheduled.`,
    link: LINK,
    readAt: null,
    createdAt: new Date(Date.now() - n * 60_000).toISOString(),
    ...overrides,
  };
}

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

beforeEach(() => {
  // The app's provider mounts the client (focus and online listeners); these tests render without it.
  queryClient.mount();
  queryClient.clear();
  resetSessionForTests();
  signIn({ token: fakeToken(), user: testUser({ roles: ['Resident'] }) });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  queryClient.clear();
  queryClient.unmount();
});

function renderBell() {
  // The bell sits in the frame, above the pages it links to.
  return renderRoutes(
    [
      {
        element: (
          <>
            <NotificationsBell />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <p>home</p> },
          { path: '/customerView/:customerId/requests/:requestId/update', element: <p>request page</p> },
        ],
      },
    ],
    '/',
  );
}

describe('notification bell', () => {
  it('shows the unread count, refetched every minute and when the window regains focus', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let count = 3;
    const calls = installFakeFetch(({ url }) => (url.pathname === '/api/Notifications/unread-count' ? { body: { count } } : undefined));
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    expect(screen.getByTestId('notifications-count').textContent).toContain('3');

    count = 4;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS);
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeTruthy();

    count = 120;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 120 unread' })).toBeTruthy();
    expect(screen.getByTestId('notifications-count').textContent).toContain('99+');
    expect(calls.filter((c) => c.url.pathname === '/api/Notifications/unread-count').length).toBeGreaterThanOrEqual(3);
    focusManager.setFocused(undefined);
  });

  it('shows no count and an empty list when there is nothing', async () => {
    installFakeFetch(({ url }) => {
      if (url.pathname === '/api/Notifications/unread-count') return { body: { count: 0 } };
      if (url.pathname === '/api/Notifications') return { body: { data: [], total: 0, page: 1, pageSize: 10 } };
      return undefined;
    });
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.getByTestId('notifications-count').textContent).toBe('');
    fireEvent.click(bell);
    expect(await screen.findByTestId('notifications-empty')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark all read' }).hasAttribute('disabled')).toBe(true);
  });

  it('lists the latest ten; opening one marks it read and goes to its link in the app', async () => {
    let unread = 2;
    const calls = installFakeFetch(({ url, method }) => {
      if (url.pathname === '/api/Notifications/unread-count') return { body: { count: unread } };
      if (url.pathname === '/api/Notifications' && method === 'GET') return { body: { data: [note(1), note(2, { readAt: new Date().toISOString() }), note(3)], total: 3, page: 1, pageSize: 10 } };
      if (url.pathname === `/api/Notifications/${note(1).id}/read`) {
        unread = 1;
        return { body: note(1, { readAt: new Date().toISOString() }) };
      }
      return undefined;
    });
    const { router } = renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByTestId('notifications-panel');
    const items = await within(panel).findAllByTestId('notification-item');
    expect(items).toHaveLength(3);
    expect(calls.find((c) => c.url.pathname === '/api/Notifications')?.url.searchParams.get('pageSize')).toBe('10');
    expect(items.map((item) => item.getAttribute('data-unread'))).toEqual(['true', 'false', 'true']);

    fireEvent.click(items[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe(LINK));
    expect(await screen.findByText('request page')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname === `/api/Notifications/${note(1).id}/read`)).toBe(true));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
  });

  it('marks all read', async () => {
    let unread = 5;
    const calls = installFakeFetch(({ url }) => {
      if (url.pathname === '/api/Notifications/unread-count') return { body: { count: unread } };
      if (url.pathname === '/api/Notifications') return { body: { data: [note(1)], total: 1, page: 1, pageSize: 10 } };
      if (url.pathname === '/api/Notifications/read-all') {
        unread = 0;
        return { body: { updated: 5 } };
      }
      return undefined;
    });
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 5 unread' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/Notifications/read-all')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('follows only in-app links', () => {
    expect(inAppPath('/service-requests/x/update')).toBe('/service-requests/x/update');
    expect(inAppPath('https://evil.example/')).toBeNull();
    expect(inAppPath('//evil.example/')).toBeNull();
    expect(inAppPath(null)).toBeNull();
    expect(countLabel(7)).toBe('7');
    expect(countLabel(100)).toBe('99+');
  });
});
