/* Test-only helpers for component tests of the frame and shared UI (jsdom). */
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import type { SessionUser } from '@grove/shared';
import { initI18n, loadAllNamespaces } from '../../app/i18n';
import { signIn } from '../../app/session-store';
import { theme } from '../../app/theme';

/** jsdom lacks these browser APIs that Mantine uses. */
export function installBrowserMocks(): void {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  }
  if (!('ResizeObserver' in window)) {
    Object.defineProperty(window, 'ResizeObserver', {
      configurable: true,
      writable: true,
      value: class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    });
  }
  if (!('scrollIntoView' in Element.prototype)) {
    Object.defineProperty(Element.prototype, 'scrollIntoView', { configurable: true, writable: true, value: () => undefined });
  }
  // jsdom logs "not implemented" for scrollTo.
  Object.defineProperty(window, 'scrollTo', { configurable: true, writable: true, value: () => undefined });
}

/** The app's i18n with every namespace file loaded (English), plus route titles the tests use. */
export async function setupTestI18n() {
  const i18n = await initI18n('en');
  await loadAllNamespaces('en');
  // Only fills gaps: the real common.json wins where it has these keys.
  i18n.addResourceBundle(
    'en',
    'common',
    {
      routes: {
        customers: 'Customers',
        customer: 'Customer',
        plans: 'Plans',
        dashboard: 'Dashboard',
        customerDashboard: 'Dashboard',
        settings: 'Settings',
      },
    },
    true,
    false,
  );
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  return i18n;
}

export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} env="test">
      {children}
    </MantineProvider>
  );
}

export function renderWithProviders(ui: ReactNode) {
  return render(<TestProviders>{ui}</TestProviders>);
}

export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const result = render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router };
}

export function testUser(overrides: Partial<SessionUser> = {}): SessionUser {
  const roles = overrides.roles ?? ['System Admin'];
  return {
    id: '00000000-0000-4000-8000-000000000001',
    username: 'ada',
    email: 'ada@example.test',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: roles.join(','),
    roles,
    language: 'en',
    customerIds: [],
    portalCustomerIds: [],
    timeZone: null,
    ...overrides,
  };
}

export function signInAs(user: SessionUser): void {
  signIn({ token: 'test-token', user });
}

export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

export function setScrollY(y: number): void {
  Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
}
