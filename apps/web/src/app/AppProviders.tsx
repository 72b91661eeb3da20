import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { UpdatePrompt } from '../components/offline/UpdatePrompt';
import { i18n } from './i18n';
import { queryClient } from './query-client';
import { theme } from './theme';

/** Everything a screen expects above it: theme, data cache, translations, toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Notifications position="top-right" zIndex={1100} />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        <UpdatePrompt />
      </MantineProvider>
    </I18nextProvider>
  );
}
