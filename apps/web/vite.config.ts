import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { frameChunks } from './build/frame-chunks.ts';
import { mantineCss } from './build/mantine-css.ts';
import { precompress } from './build/precompress.ts';
import { pwaOptions } from './build/pwa.ts';
import { routeNamespaces } from './build/route-namespaces.ts';
import { scrollAreaMergeRefs } from './build/scroll-area-merge-refs.ts';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/*
 * Vendor chunks by route (docs/decisions/028-web-weight-and-loading.md). The sign-in screen loads
 * React, i18next and MANTINE_BASE (the Mantine core and the components the public screens use);
 * signed-in screens add the shared UI chunk (the Mantine components, positioning and transitions
 * used by many screens), TanStack Query and zod. Charts, the rich-text editor, number inputs,
 * Leaflet and components few screens use load with those screens. A component added to the sign-in
 * screen belongs in MANTINE_BASE, or the sign-in screen downloads the whole UI chunk (the web-weight
 * budget in e2e/web-weight.e2e.ts fails).
 */
const MANTINE_BASE_COMPONENTS = [
  'ActionIcon', 'Affix', 'Alert', 'Anchor', 'Button', 'Center', 'CloseButton', 'Group', 'Input', 'InputBase', 'List', 'Loader',
  'Paper', 'PasswordInput', 'Portal', 'Stack', 'Text', 'TextInput', 'ThemeIcon', 'Title', 'Transition', 'UnstyledButton',
];
const MANTINE_BASE_HOOKS = ['use-did-update', 'use-id', 'use-isomorphic-effect', 'use-media-query', 'use-merged-ref', 'use-reduced-motion', 'use-uncontrolled', 'utils'];
// Icons of the public screens and the error page (one chunk instead of one request per icon).
const BASE_ICONS = ['IconAlertCircle', 'IconAlertTriangle', 'IconCircleCheck', 'IconCloudDownload', 'IconInfoCircle', 'IconLanguage', 'IconMapOff', 'IconRefresh'];
const MANTINE_BASE = new RegExp(
  String.raw`node_modules[\/](@mantine[\/]core[\/]styles[\/](${MANTINE_BASE_COMPONENTS.join('|')})\.layer\.css|clsx[\/]|@tabler[\/]icons-react[\/]dist[\/]esm[\/](createReactComponent|defaultAttributes|icons[\/](${BASE_ICONS.join('|')}))\.mjs|@mantine[\/]core[\/]esm[\/](core|utils|components[\/](${MANTINE_BASE_COMPONENTS.join('|')}))[\/]|@mantine[\/]hooks[\/]esm[\/](${MANTINE_BASE_HOOKS.join('|')})[\/])`,
);
/*
 * Positioning (floating-ui) and the Mantine components built on it: popovers, tooltips, menus and
 * selects. No signed-in screen renders one on its first paint — the header's and the lists' mount on
 * first use (decision 042) — so this chunk loads when the pointer or the keyboard reaches one. Its
 * group comes after `ui`, whose modules take what they need (NativeSelect: Combobox's chevron and
 * option parsing) as their own dependencies first.
 */
const FLOATING =
  /node_modules[\\/](@floating-ui|tabbable)[\\/]|node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Popover|Tooltip|HoverCard|Menu|Menubar|Select|MultiSelect|Autocomplete|TagsInput|ColorInput|Cascader|TreeSelect|Tour|Combobox|ComboboxPopover)[\\/]/;
const UI_LIBRARIES =
  /node_modules[\\/](@mantine[\\/](core|hooks|store|notifications)|@floating-ui|react-remove-scroll|react-transition-group|tabbable|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|detect-node-es)[\\/]/;

/*
 * App code in few chunks instead of one per set of screens that share a module (decision 039): the
 * entry's own modules (`$initial`) in one; the endpoint client, the query client and the session's
 * declarations in one (`contract`); what every signed-in screen loads with its frame in one
 * (`frame`, build/frame-chunks.ts); the list screens' common parts in one. Below the vendor groups,
 * so those keep their modules; the entry's group comes first, so the later ones never take an entry
 * module with them (a group also takes its modules' dependencies) and the sign-in screen stays small.
 */
const APP_SOURCES = /[\\/](apps[\\/]web[\\/]src|packages[\\/]shared[\\/]src)[\\/]/;
const appChunks = frameChunks({
  // Also loaded by public screens: the sign-in form (on focus), password reset, registration.
  contract: ['/src/app/auth-contract.ts', '/src/app/DataProvider.tsx'],
  // format: dates, numbers and sizes of ~40 signed-in screens (none public).
  frame: ['/src/components/layout/AppLayout.tsx', '/src/app/live-stream.ts', '/src/app/format.ts'],
  // The common list components (pagination, toolbar, list state, empty/error state, skeleton, sortable header, CSV export, toasts).
  lists: ['ListPagination.tsx', 'useListParams.ts', 'usePageInRange.ts', 'ListToolbar.tsx', 'ListState.tsx', 'EmptyState.tsx', 'ErrorState.tsx', 'ListSkeleton.tsx', 'SortableTh.tsx', 'CsvExportButton.tsx', 'toasts.tsx'].map((name) => `/src/components/ui/${name}`),
}, {
  // The staff's landing screen (`/` redirects there): its few icons ride with the frame, so its first visit needs no icon chunk.
  landing: ['/src/features/customers/routes/CustomerListPage.tsx'],
});
const LIST_PARTS = /[\\/]apps[\\/]web[\\/]src[\\/]components[\\/]ui[\\/](ListPagination|useListParams|usePageInRange|ListToolbar|ListState|EmptyState|ErrorState|ListSkeleton|SortableTh|CsvExportButton|toasts|SelectOnFirstUse)\.tsx?$/;
/*
 * The declarations and entity hooks of customers, staff and regions: the pickers and filters of ~15
 * screens read them. One chunk instead of six of 0.3–1.4 KB, each half response headers.
 */
const DIRECTORY = /[\\/](apps[\\/]web[\\/]src[\\/]entities[\\/](customers|employees|branches|picker-search)|packages[\\/]shared[\\/]src[\\/](endpoints|schemas)[\\/](customers|customer-zones|employees|regions))\.tsx?$/;
const ICONS = /node_modules[\\/]@tabler[\\/]icons-react[\\/]/;
// The icons of the frame and of the list components travel with them (their groups come later, so `icons` leaves them out).
const frameIcon = (id: string) => appChunks.icon('frame')(id) || appChunks.icon('landing')(id);
const firstScreenIcon = (id: string) => frameIcon(id) || appChunks.icon('lists')(id);

/** Dev: `npx vite apps/web` proxies /api to the API on :3000. Build: apps/web/dist, which the API serves on its own port. */
export default defineConfig({
  root,
  // The PWA plugin writes the service worker after the bundle; precompress runs after it (decision 019).
  plugins: [react(), zodWithoutJsonSchema(), scrollAreaMergeRefs(), appChunks.plugin, mantineCss(`${root}src`), routeNamespaces(`${root}src`), VitePWA(pwaOptions), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: { port: 4173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in production: they would be served to anyone and double the download size.
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    // Every browser the app supports preloads modules itself; the polyfill was a response of its own (decision 045).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 40 },
            { name: 'i18next', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 20 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
            { name: 'mantine-base', test: MANTINE_BASE, priority: 30 },
            // Number inputs are form-only: kept out of the shared UI chunk that list screens load.
            { name: 'number-input', test: /node_modules[\\/](react-number-format|@mantine[\\/]core[\\/]esm[\\/]components[\\/]NumberInput)[\\/]/, priority: 12 },
            // Used by at least 12 screens: one well-compressed chunk instead of dozens of small ones.
            { name: 'ui', test: (id: string) => UI_LIBRARIES.test(id) && !FLOATING.test(id), priority: 10, minShareCount: 12 },
            // Below the groups above, so it takes none of their modules as its own modules' dependencies.
            { name: 'floating', test: FLOATING, priority: 9 },
            // Icons: one chunk for the signed-in screens (those of the public screens are in mantine-base),
            // except the frame's, the list components' and the landing list's, which travel with the frame
            // and lists chunks, so /customers needs no icon chunk (decision 045).
            { name: 'icons', test: (id: string) => ICONS.test(id) && !firstScreenIcon(id), priority: 15 },
            { name: 'app', test: APP_SOURCES, tags: ['$initial'], priority: 8 },
            { name: 'contract', test: appChunks.test('contract'), priority: 7 },
            { name: 'frame', test: (id: string) => appChunks.test('frame')(id) || frameIcon(id), priority: 6 },
            { name: 'lists', test: (id: string) => LIST_PARTS.test(id) || appChunks.icon('lists')(id), priority: 5 },
            { name: 'directory', test: DIRECTORY, priority: 4 },
            { name: 'leaflet', test: /node_modules[\\/]leaflet[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
