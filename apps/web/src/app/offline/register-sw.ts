/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';
import { markOfflineReady, markUpdateReady } from './sw-state';

/** How often an open app asks whether a new version is out. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the Workbox service worker (production builds only; main.tsx loads this file). A new
 * version is installed in the background and waits: the app offers "Reload" and swaps only when
 * the user presses it, so nobody loses what they are typing (decision 019).
 */
export function startServiceWorker(): void {
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      markUpdateReady(() => update(true));
    },
    onOfflineReady() {
      markOfflineReady();
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
  });
}
