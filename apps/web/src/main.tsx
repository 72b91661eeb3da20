// Mantine's global sheets; each component's own sheet comes with the screens that use it
// (build/mantine-css.ts, decision 032), in `@layer mantine` so the app's CSS modules win.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { initI18n } from './app/i18n';
import { createAppRouter } from './app/router';
import { startFirstScreen } from './app/routes';
import { ensureSession } from './app/session';

const SERVICE_WORKER_DELAY_MS = 3000;

function afterFirstScreen(start: () => void): void {
  const later = () => setTimeout(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: 5000 }) : start()), SERVICE_WORKER_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

// The first screen's chunks, its texts and the session check (a stored token is refreshed) all start
// now, side by side, instead of one after the other; the router awaits the same work (decision 032).
ensureSession().catch(() => undefined);
const firstScreenNamespaces = startFirstScreen(window.location.pathname);
// Translations first, so no screen ever shows a raw key.
void initI18n(undefined, firstScreenNamespaces).then(() => {
  const router = createAppRouter();
  // A transition: React renders the first screen in slices and leaves the phone's main thread free
  // between them (Total Blocking Time, decision 032) instead of one long task.
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
  // The installable app's service worker (decision 019): built apps only, once the first screen has
  // settled — its install downloads the whole app for offline use, which must not compete with the
  // first screen's own downloads on a phone (decision 028).
  if (import.meta.env.PROD && 'serviceWorker' in navigator) afterFirstScreen(() => void import('./app/offline/register-sw').then((sw) => sw.startServiceWorker()));
});
