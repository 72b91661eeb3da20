import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';

/**
 * The data cache (TanStack Query) for the screens that fetch and edit data: the signed-in layouts
 * and the few public screens that query. Not at the app root, so the sign-in screen does not
 * download it (decision 028). Date pickers bring their own locale provider (components/forms/DateField).
 */
export function DataProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}
