import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import { UpdatePrompt } from '../components/offline/UpdatePrompt';
import { i18n } from './i18n';
import { theme } from './theme';
import { useToastHostWanted } from './toast-host';

// The toast container (and its transitions) loads with the first toast (toast-host.ts).
const Notifications = lazy(() => import('./NotificationsHost'));

/** Everything a screen expects above it: theme, translations, toasts (the data cache: DataProvider). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <ToastHost />
        {children}
        <UpdatePrompt />
      </MantineProvider>
    </I18nextProvider>
  );
}

function ToastHost() {
  const wanted = useToastHostWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" zIndex={1100} />
    </Suspense>
  );
}
