import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { registerDataCache } from './data-cache';

/** Client errors (4xx) are answers, not glitches: only network and server failures are retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/*
 * Network mode (decision 019): queries ask once even when the browser says it is offline — the
 * service worker answers with the last good copy — and pause their retries until it is back;
 * mutations always run, because the field writes go to the outbox when there is no network.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
    mutations: { retry: false, networkMode: 'always' },
  },
});

registerDataCache(() => queryClient.clear());
