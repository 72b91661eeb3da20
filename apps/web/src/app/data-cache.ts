/**
 * The signed-in data cache (TanStack Query, query-client.ts) registers itself here when it loads,
 * so sign-in and sign-out can empty it without the sign-in screen downloading the library
 * (decision 028). Before it has loaded there is nothing to clear.
 */
const clearers = new Set<() => void>();

export function registerDataCache(clear: () => void): void {
  clearers.add(clear);
}

export function clearDataCache(): void {
  for (const clear of clearers) clear();
}
