import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/tiptap/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { initI18n } from './app/i18n';
import { createAppRouter } from './app/router';

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
  // The installable app's service worker (decision 019): built apps only, after the first render.
  if (import.meta.env.PROD && 'serviceWorker' in navigator) void import('./app/offline/register-sw').then((sw) => sw.startServiceWorker());
});
