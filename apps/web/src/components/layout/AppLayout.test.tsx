import { resetRecordTitlesForTests, setRecordTitle } from './record-titles';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { LAYOUT_CONFIG_STORAGE_KEY, customerDetailSchema } from '@grove/shared';
import { installFakeFetch } from '../../app/test-support/fake-fetch';
import { sample } from '../../app/test-support/sample';
import { createLayoutConfigStore, layoutConfigStore } from '../../app/layout-config';
import { resetSessionForTests } from '../../app/session-store';
import {
  installBrowserMocks,
  renderRoutes,
  setupTestI18n,
  setViewportWidth,
  signInAs,
  testUser,
} from '../ui/test-providers';
import { AppLayout } from './AppLayout';

const Page = ({ name }: { name: string }) => <p>{name} page</p>;

/** The frame reads the open customer's name through the query client, as in the app. */
function withQueryClient(element: React.ReactNode) {
  return <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{element}</QueryClientProvider>;
}

function staffRoutes(): RouteObject[] {
  return [
    {
      element: withQueryClient(<AppLayout audience="staff" />),
      children: [
        {
          path: 'customers',
          handle: { title: 'routes.customers' },
          children: [
            { index: true, element: <Page name="customers" /> },
            {
              path: ':customerId',
              handle: { title: 'routes.customer' },
              children: [
                { index: true, element: <Page name="customer" /> },
                { path: 'plans', handle: { title: 'routes.plans' }, element: <Page name="plans" /> },
                { path: 'requests', handle: { title: 'routes.requests' }, element: <Page name="requests" /> },
              ],
            },
          ],
        },
        { path: 'dashboard', handle: { title: 'routes.dashboard', layout: { asideMinimized: true } }, element: <Page name="dashboard" /> },
        { path: 'settings', handle: { title: 'routes.settings' }, element: <Page name="settings" /> },
      ],
    },
  ];
}

async function renderStaff(path: string, roles: string[] = ['System Admin']) {
  signInAs(testUser({ roles }));
  const result = renderRoutes(staffRoutes(), path);
  await screen.findByTestId('app-layout');
  return result;
}

const layoutRoot = () => screen.getByTestId('app-layout');

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

beforeEach(() => {
  localStorage.clear();
  layoutConfigStore.reset();
  setViewportWidth(1440);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  resetSessionForTests();
});

describe('AppLayout aside on desktop', () => {
  it('a minimised aside expands 50 ms after the pointer enters, not at 49 ms', async () => {
    layoutConfigStore.set({ asideMinimized: true });
    await renderStaff('/customers');
    vi.useFakeTimers();
    const aside = screen.getByTestId('aside');
    expect(layoutRoot().dataset.asideMinimized).toBe('true');

    fireEvent.mouseEnter(aside);
    act(() => {
      vi.advanceTimersByTime(49);
    });
    expect(layoutRoot().dataset.asideExpanded).toBe('false');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(layoutRoot().dataset.asideExpanded).toBe('true');
  });

  it('collapses 100 ms after the pointer leaves, and re-entering in time keeps it open', async () => {
    layoutConfigStore.set({ asideMinimized: true });
    await renderStaff('/customers');
    vi.useFakeTimers();
    const aside = screen.getByTestId('aside');
    fireEvent.mouseEnter(aside);
    act(() => {
      vi.advanceTimersByTime(50);
    });
    expect(layoutRoot().dataset.asideExpanded).toBe('true');

    fireEvent.mouseLeave(aside);
    act(() => {
      vi.advanceTimersByTime(60);
    });
    fireEvent.mouseEnter(aside);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(layoutRoot().dataset.asideExpanded).toBe('true');

    fireEvent.mouseLeave(aside);
    act(() => {
      vi.advanceTimersByTime(99);
    });
    expect(layoutRoot().dataset.asideExpanded).toBe('true');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(layoutRoot().dataset.asideExpanded).toBe('false');
  });

  it('a pointer just passing over (leaving within 50 ms) never expands it', async () => {
    layoutConfigStore.set({ asideMinimized: true });
    await renderStaff('/customers');
    vi.useFakeTimers();
    const aside = screen.getByTestId('aside');
    fireEvent.mouseEnter(aside);
    act(() => {
      vi.advanceTimersByTime(30);
    });
    fireEvent.mouseLeave(aside);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(layoutRoot().dataset.asideExpanded).toBe('false');
  });

  it('a fixed (not minimised) aside does not react to hover', async () => {
    await renderStaff('/customers');
    vi.useFakeTimers();
    fireEvent.mouseEnter(screen.getByTestId('aside'));
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(layoutRoot().dataset.asideExpanded).toBe('false');
    expect(layoutRoot().dataset.asideMinimized).toBe('false');
  });

  it('remembers the minimise choice in localStorage "config" across a reload', async () => {
    const { unmount } = await renderStaff('/customers');
    const toggle = screen.getByTestId('aside-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(layoutRoot().dataset.asideMinimized).toBe('true');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const saved = JSON.parse(localStorage.getItem(LAYOUT_CONFIG_STORAGE_KEY) ?? '{}') as { asideMinimized?: boolean };
    expect(saved.asideMinimized).toBe(true);
    unmount();

    // A reload builds the store from the saved entry.
    expect(createLayoutConfigStore(localStorage).get().asideMinimized).toBe(true);
    layoutConfigStore.overrideFromStorage();
    await renderStaff('/customers');
    expect(layoutRoot().dataset.asideMinimized).toBe('true');
  });

  it('page settings from the route handle apply on that page only', async () => {
    const { router } = await renderStaff('/dashboard');
    expect(layoutRoot().dataset.asideMinimized).toBe('true');
    await act(() => router.navigate('/customers'));
    expect(layoutRoot().dataset.asideMinimized).toBe('false');
    expect(localStorage.getItem(LAYOUT_CONFIG_STORAGE_KEY)).toBeNull();
  });
});

describe('AppLayout breadcrumbs and title', () => {
  it('shows Home › … › page and uses the last crumb as the document title', async () => {
    await renderStaff('/customers/c-1/plans');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const items = within(crumbs).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Home', 'Customers', 'Customer', 'Plans']);
    expect(within(crumbs).getByText('Plans').getAttribute('aria-current')).toBe('page');
    expect(within(crumbs).getByRole('link', { name: 'Customer' }).getAttribute('href')).toBe('/customers/c-1');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Plans');
    expect(document.title).toBe('Plans · Grove');
  });

  it('names record pages after their record: H1, last crumb and tab (issue 17 §7)', async () => {
    setRecordTitle('/customers/c-1', 'Brookstone Lakes');
    setRecordTitle('/customers/c-1/plans', 'Spring plan 2026');
    await renderStaff('/customers/c-1/plans');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Home', 'Customers', 'Brookstone Lakes', 'Spring plan 2026']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Spring plan 2026');
    expect(document.title).toBe('Spring plan 2026 · Grove');
    resetRecordTitlesForTests();
  });

  it("names the customer's crumb after the customer on every page below it", async () => {
    const id = '3f0c8a52-6f1e-4a7b-9a53-2d1c1e0b7a11';
    const calls = installFakeFetch((request) =>
      request.url.pathname === `/api/Customers/${id}` ? { body: sample(customerDetailSchema, { id, name: 'Whitlock Ridge HOA' }) } : undefined,
    );
    await renderStaff(`/customers/${id}/requests`);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await within(crumbs).findByRole('link', { name: 'Whitlock Ridge HOA' });
    expect(within(crumbs).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Home', 'Customers', 'Whitlock Ridge HOA', 'Service requests']);
    expect(calls.filter((call) => call.url.pathname === `/api/Customers/${id}`)).toHaveLength(1);
    resetRecordTitlesForTests();
    vi.unstubAllGlobals();
  });

  it('an index route does not repeat its parent crumb', async () => {
    await renderStaff('/customers/c-1');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Home', 'Customers', 'Customer']);
    expect(document.title).toBe('Customer · Grove');
  });
});

describe('AppLayout navigation and landmarks', () => {
  it('has header, nav and main landmarks and a skip link to the content', async () => {
    await renderStaff('/customers');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    const main = screen.getByRole('main');
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip.getAttribute('href')).toBe(`#${main.id}`);
  });

  it('shows only links the roles may open', async () => {
    await renderStaff('/customers', ['Account Manager']);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toContain('/customers');
    expect(hrefs).not.toContain('/planTemplates');
    expect(hrefs).not.toContain('/create-orange-report');
  });

  it('adds the customer section when a customer is open', async () => {
    await renderStaff('/customers/c-1/requests');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const current = within(nav).getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.getAttribute('href'))).toEqual(['/customers/c-1/requests']);
  });
});

describe('AppLayout below lg (off-canvas)', () => {
  it('opens the aside as an off-canvas panel from the burger and closes it when a link is followed', async () => {
    setViewportWidth(375);
    await renderStaff('/customers');
    expect(layoutRoot().dataset.mobile).toBe('true');
    expect(screen.queryByTestId('aside')).toBeNull();
    const burger = screen.getByRole('button', { name: 'Open navigation' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(burger);
    const panel = await screen.findByTestId('aside-offcanvas');
    expect(screen.getByRole('button', { name: 'Close navigation', expanded: true })).toBeTruthy();

    fireEvent.click(within(panel).getByRole('link', { name: 'Settings' }));
    expect(await screen.findByText('settings page')).toBeTruthy();
    expect(screen.queryByTestId('aside-offcanvas')).toBeNull();
  });

  it('switches layouts when the window is resized across 992 px (throttled)', async () => {
    setViewportWidth(1200);
    await renderStaff('/customers');
    vi.useFakeTimers();
    expect(layoutRoot().dataset.mobile).toBe('false');
    setViewportWidth(991);
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(layoutRoot().dataset.mobile).toBe('true');
  });
});
