import type { ReactNode } from 'react';
import { Skeleton, Stack } from '@mantine/core';
import { ApiError } from '../../../app/api-client';
import { ErrorState } from '../../../components/ui/ErrorState';
import { NotFoundCard } from './NotFoundCard';

interface LoadStateProps<T> {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  what: 'template' | 'plan';
  backPath: string;
  children: (data: T) => ReactNode;
}

/** Skeleton while loading, "not found" for a 404, an error with retry, else the page. */
export function LoadState<T>({ query, what, backPath, children }: LoadStateProps<T>) {
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundCard what={what} backPath={backPath} />;
  if (query.error) return <ErrorState message={query.error instanceof Error ? query.error.message : undefined} onRetry={() => void query.refetch()} />;
  if (query.isPending || !query.data) {
    return (
      <Stack gap="md" data-testid="plans-loading">
        <Skeleton height={120} radius="md" />
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  }
  return <>{children(query.data)}</>;
}
