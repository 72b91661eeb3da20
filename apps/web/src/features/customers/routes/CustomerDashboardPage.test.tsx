import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  CONTENT_ENDPOINTS,
  CUSTOMERS_ENDPOINTS,
  DASHBOARD_ENDPOINTS,
  PORTAL_ACCESS_ENDPOINTS,
  SERVICE_REQUESTS_ENDPOINTS,
  WEATHER_ENDPOINTS,
  type CustomerSummary,
} from '@grove/shared';
import { installBrowserMocks, setupTestI18n, testUser } from '../../../components/ui/test-providers';
import { resetSessionForTests, signIn } from '../../../app/session-store';
import { fakeToken, installFakeFetch, type FakeRequest } from '../../../app/test-support/fake-fetch';
import { renderApp } from '../../../app/test-support/render-app';
import { sample } from '../../../app/test-support/sample';

/*
 * Decision 046: the dashboard's first screen asks only for what is on it. "At a glance" (tiles,
 * weather, team, announcements) and the open requests of a property card below the first screen are
 * fetched — code and data — when they come near the viewport. IntersectionObserver is faked here:
 * jsdom has none, and the test decides what is "near".
 */

class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}

/** The observed elements for which `which` holds come into view. */
function bringNear(which: (target: Element) => boolean) {
  for (const observer of FakeIntersectionObserver.all) {
    for (const target of [...observer.targets].filter(which)) {
      act(() => observer.callback([{ isIntersecting: true, target } as unknown as IntersectionObserverEntry], observer as unknown as IntersectionObserver));
    }
  }
}

const property = (n: number, openRequestCount: number): CustomerSummary => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Property ${n}`,
  accountNumber: `ACC-${n}`,
  type: 'hoa',
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
  openRequestCount,
});

const PROPERTIES = [property(1, 2), property(2, 1)];

function fakeApi() {
  return installFakeFetch(({ url }) => {
    const path = url.pathname;
    if (path === '/api/Customers') return { body: { data: PROPERTIES, total: PROPERTIES.length, page: 1, pageSize: 100 } };
    if (path === '/api/Users/me/join-requests') return { body: sample(PORTAL_ACCESS_ENDPOINTS.joinRequests.response, { data: [] }) };
    if (path === '/api/ServiceRequests') return { body: sample(SERVICE_REQUESTS_ENDPOINTS.list.response) };
    if (path === '/api/Dashboard') return { body: sample(DASHBOARD_ENDPOINTS.get.response, { tiles: [] }) };
    if (path === '/api/Weather') return { body: sample(WEATHER_ENDPOINTS.get.response) };
    if (path === '/api/Content/feed') return { body: sample(CONTENT_ENDPOINTS.feed.response, { data: [] }) };
    if (path.startsWith('/api/Customers/')) return { body: sample(CUSTOMERS_ENDPOINTS.detail.response) };
    return undefined;
  });
}

const AT_A_GLANCE = ['/api/Dashboard', '/api/Weather', '/api/Content/feed'];
const asked = (calls: FakeRequest[], path: string) => calls.filter((call) => call.url.pathname === path);
const openRequestsOf = (calls: FakeRequest[], id: string) => asked(calls, '/api/ServiceRequests').filter((call) => call.url.searchParams.get('customerId') === id);

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

beforeEach(() => {
  localStorage.clear();
  resetSessionForTests();
  FakeIntersectionObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  signIn({ token: fakeToken(), user: testUser({ roles: ['Property Manager'], customerIds: PROPERTIES.map((p) => p.id), portalCustomerIds: PROPERTIES.map((p) => p.id) }) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('customer dashboard, first screen', () => {
  it('fetches "at a glance" (tiles, weather, team, announcements) only when it comes near the viewport', async () => {
    const calls = fakeApi();
    renderApp('/customerView/dashboard');
    await waitFor(() => expect(screen.getAllByTestId('property-card')).toHaveLength(2));
    // Its place is held by a skeleton that says what is loading.
    const waiting = await screen.findByTestId('at-a-glance-loading');
    expect(waiting.getAttribute('aria-busy')).toBe('true');
    expect(waiting.getAttribute('aria-label')).toBe('Loading the property at a glance…');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    for (const path of AT_A_GLANCE) expect(asked(calls, path), path).toHaveLength(0);
    expect(asked(calls, `/api/Customers/${PROPERTIES[0]!.id}`)).toHaveLength(0);
    // Observed with a small margin: near means the next scroll, not the whole page.
    const observer = FakeIntersectionObserver.all.find((o) => [...o.targets].some((target) => target.contains(waiting)));
    expect(observer?.options.rootMargin).toBe('0px 0px 100px 0px');

    bringNear((target) => target.contains(waiting));
    await screen.findByTestId('weather-panel');
    await waitFor(() => {
      for (const path of AT_A_GLANCE) expect(asked(calls, path), path).toHaveLength(1);
      expect(asked(calls, `/api/Customers/${PROPERTIES[0]!.id}`)).toHaveLength(1);
    });
    expect(asked(calls, '/api/Dashboard')[0]!.url.searchParams.get('customerId')).toBe(PROPERTIES[0]!.id);
    await waitFor(() => expect(screen.queryByTestId('at-a-glance-loading')).toBeNull());
  });

  it('a property card asks for its open requests when it comes near, holding their rows meanwhile', async () => {
    const calls = fakeApi();
    renderApp('/customerView/dashboard');
    await waitFor(() => expect(screen.getAllByTestId('property-card')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('property-card') as [HTMLElement, HTMLElement];
    // Two rows held for the first card's two open requests, one for the second's.
    expect(within(first).getByTestId('property-open-requests-loading').children).toHaveLength(2);
    expect(within(second).getByTestId('property-open-requests-loading').children).toHaveLength(1);

    bringNear((target) => target === first);
    await waitFor(() => expect(openRequestsOf(calls, PROPERTIES[0]!.id)).toHaveLength(1));
    expect(openRequestsOf(calls, PROPERTIES[1]!.id)).toHaveLength(0);

    bringNear((target) => target === second);
    await waitFor(() => expect(openRequestsOf(calls, PROPERTIES[1]!.id)).toHaveLength(1));
  });

  it('the focus reaching the property switcher brings "at a glance" in (keyboard, screen reader)', async () => {
    const calls = fakeApi();
    renderApp('/customerView/dashboard');
    const switcher = await screen.findByRole('combobox', { name: 'Your properties' });
    expect(asked(calls, '/api/Dashboard')).toHaveLength(0);
    fireEvent.focus(switcher);
    await screen.findByTestId('weather-panel');
    await waitFor(() => expect(asked(calls, '/api/Dashboard')).toHaveLength(1));
  });
});
