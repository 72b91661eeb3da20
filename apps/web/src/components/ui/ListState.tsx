import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { ListSkeleton } from './ListSkeleton';

export interface ListStateProps {
  loading: boolean;
  /** The load error, if any; its message is shown when it has one. */
  error?: unknown;
  onRetry?: () => void;
  empty: boolean;
  /** Shown when the list is empty; defaults to the generic empty state. */
  emptyState?: ReactNode;
  skeletonColumns?: number;
  children: ReactNode;
}

function messageOf(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined;
}

/** Loading skeleton, error with retry, empty state or the list itself. */
export function ListState({ loading, error, onRetry, empty, emptyState, skeletonColumns, children }: ListStateProps) {
  if (loading) return <ListSkeleton columns={skeletonColumns} />;
  if (error) return <ErrorState message={messageOf(error)} onRetry={onRetry} />;
  if (empty) return <>{emptyState ?? <EmptyState />}</>;
  return <>{children}</>;
}
