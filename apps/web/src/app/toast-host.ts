import { useSyncExternalStore } from 'react';

/*
 * Whether the toast container is needed yet. Mantine's <Notifications /> (with its transitions and
 * the shared UI chunk) mounts at the first toast, not on every first visit (decision 028); a toast
 * shown before it arrives waits in Mantine's store and appears with it.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function requestToastHost(): void {
  if (wanted) return;
  wanted = true;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToastHostWanted(): boolean {
  return useSyncExternalStore(subscribe, () => wanted, () => wanted);
}
