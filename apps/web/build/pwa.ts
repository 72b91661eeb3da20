import type { VitePWAOptions } from 'vite-plugin-pwa';

/** Grove orange (the mark and `<meta name="theme-color">`). */
export const THEME_COLOR = '#f7811f';

/**
 * The installable app (issue 16, docs/decisions/019-offline-pwa-and-outbox.md):
 *
 * - the web app manifest (name, phone icon sizes, theme colour, start URL, standalone);
 * - a Workbox service worker that precaches the whole build (every screen's chunk and every
 *   language's texts), so the app shell and the crew screens open with no network;
 * - `GET /api/…` answers kept in a cache (network first: a live answer always wins; the copy is
 *   used only when the network fails), which is the crew's offline working set;
 * - `registerType: 'prompt'`: a new version waits until the user presses "Reload" (never swapped
 *   under someone's typing). Registration is done by the app itself (no inline script: CSP).
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['icons/apple-touch-icon-180.png'],
  manifest: {
    id: '/',
    name: 'Grove',
    short_name: 'Grove',
    description: 'Grove: customer portal and back office for commercial landscaping',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOR,
    background_color: '#ffffff',
    categories: ['business', 'productivity'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // Every screen and language: a crew can open any page offline, not just the ones visited.
    globPatterns: ['**/*.{js,css,html,svg,png,woff2,json}'],
    globIgnores: ['**/*.br', '**/*.gz'],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    // Hashed file names are their own version.
    dontCacheBustURLsMatching: /^assets\//,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/api\//],
    cleanupOutdatedCaches: true,
    clientsClaim: false,
    skipWaiting: false,
    runtimeCaching: [
      {
        // Stored photos: their content never changes under an id.
        urlPattern: ({ url, sameOrigin, request }) => sameOrigin && request.method === 'GET' && /^\/api\/Files\/[^/]+\/(content|thumbnail)/.test(url.pathname),
        handler: 'CacheFirst',
        options: {
          cacheName: 'grove-api-files',
          expiration: { maxEntries: 300, maxAgeSeconds: 14 * 24 * 3600 },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // Data answers: network first, the last good copy when offline. Not files, exports, PDFs,
        // live streams or token calls.
        urlPattern: ({ url, sameOrigin, request }) =>
          sameOrigin &&
          request.method === 'GET' &&
          url.pathname.startsWith('/api/') &&
          !/^\/api\/(token|docs|Files)\b/.test(url.pathname) &&
          !/(\.csv|\.xlsx|\/pdf|\/events|\/stream)$/.test(url.pathname),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'grove-api',
          expiration: { maxEntries: 600, maxAgeSeconds: 14 * 24 * 3600 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
  devOptions: { enabled: false },
};
