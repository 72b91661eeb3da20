import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/tiptap/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { initI18n } from './app/i18n';
import { createAppRouter } from './app/router';

const SERVICE_WORKER_DELAY_MS = 3000;

function afterFirstScreen(start: () => void): void {
  const later = () => setTimeout(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: 5000 }) : start()), SERVICE_WORKER_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

// Translations first, so no screen ever shows a raw key.
void initI18n().then(() => {
  const router = createAppRouter();
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  // The installable app's service worker (decision 019): built apps only, once the first screen has
  // settled — its install downloads the whole app for offline use, which must not compete with the
  // first screen's own downloads on a phone (decision 028).
  if (import.meta.env.PROD && 'serviceWorker' in navigator) afterFirstScreen(() => void import('./app/offline/register-sw').then((sw) => sw.startServiceWorker()));
});
