/* Test-only: the real route tree in a memory router, with the app's providers (jsdom). */
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { setNavigator } from '../navigation';
import { queryClient } from '../query-client';
import { routes as appRoutes } from '../routes';
import { theme } from '../theme';

// Lazy page chunks are transformed on first use; give the first render time on a busy machine.
configure({ asyncUtilTimeout: 8000 });

export function TestAppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

export function renderApp(initialPath: string, routes: RouteObject[] = appRoutes) {
  queryClient.clear();
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  setNavigator((to, options) => router.navigate(to, options));
  const result = render(
    <TestAppProviders>
      <RouterProvider router={router} />
    </TestAppProviders>,
  );
  return { ...result, router };
}
