import { useSyncExternalStore } from 'react';

/**
 * What the service worker said, for the "reload to update" offer (decision 019). The worker is
 * registered by `register-sw.ts` in production builds only; tests and dev never have one.
 */
export interface ServiceWorkerState {
  /** A new version is installed and waits for the user's "Reload". */
  updateReady: boolean;
  /** The app shell is cached: the app opens with no network. */
  offlineReady: boolean;
}

let state: ServiceWorkerState = { updateReady: false, offlineReady: false };
let applyUpdate: (() => Promise<void>) | null = null;
const listeners = new Set<() => void>();

function emit(next: ServiceWorkerState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function markUpdateReady(apply: () => Promise<void>): void {
  applyUpdate = apply;
  emit({ ...state, updateReady: true });
}

export function markOfflineReady(): void {
  emit({ ...state, offlineReady: true });
}

/** Activates the waiting version and reloads the page: only ever on the user's click. */
export async function reloadToUpdate(): Promise<void> {
  if (applyUpdate) await applyUpdate();
  else window.location.reload();
}

/** "Later": the offer goes away until the next new version (the waiting one installs on the next visit). */
export function dismissUpdate(): void {
  emit({ ...state, updateReady: false });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useServiceWorkerState(): ServiceWorkerState {
  return useSyncExternalStore(subscribe, () => state, () => state);
}
