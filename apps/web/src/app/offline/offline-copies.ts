/* Kept apart from working-set.ts so sign-in and sign-out need no IndexedDB code (decision 028). */

/** Copies of answers kept by the service worker: gone when someone signs out on this device. */
export async function clearOfflineCopies(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(['grove-api', 'grove-api-files'].map((name) => caches.delete(name).catch(() => false)));
}
