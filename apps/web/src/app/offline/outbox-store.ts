import { useSyncExternalStore } from 'react';
import type { OutboxItem } from './outbox-db';

/*
 * What the outbox holds, as screens see it (decision 019), apart from the outbox itself
 * (outbox.ts): the header's indicator reads it on every signed-in screen, and the outbox with its
 * upload, photo and sync code loads only when something waits (outbox-start.ts, decision 032).
 */

export interface OutboxSnapshot {
  /** The signed-in user's items, in queue order. */
  items: OutboxItem[];
  waiting: number;
  conflicts: number;
  syncing: boolean;
  /** The server wants a fresh sign-in before anything more can be sent. */
  needsSignIn: boolean;
  lastSyncAt: string | null;
  /** Last reason a send stopped (network, server), for the list. */
  lastError: string | null;
}

const EMPTY: OutboxSnapshot = { items: [], waiting: 0, conflicts: 0, syncing: false, needsSignIn: false, lastSyncAt: null, lastError: null };

let snapshot: OutboxSnapshot = EMPTY;
const listeners = new Set<() => void>();

export function outboxSnapshot(): OutboxSnapshot {
  return snapshot;
}

export function emitOutbox(patch: Partial<OutboxSnapshot>): void {
  snapshot = { ...snapshot, ...patch };
  for (const listener of listeners) listener();
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOutbox(): OutboxSnapshot {
  return useSyncExternalStore(subscribeOutbox, () => snapshot, () => snapshot);
}

/** Other tabs say "changed" here when they queue or send (outbox.ts). */
export const OUTBOX_CHANNEL = 'grove-outbox';
