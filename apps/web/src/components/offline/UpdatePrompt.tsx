import { Suspense, useState } from 'react';
import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dismissUpdate, reloadToUpdate, useServiceWorkerState } from '../../app/offline/sw-state';

/**
 * "A new version is ready — Reload": shown when the service worker has a waiting version. The app
 * is never swapped on its own; the user picks the moment (decision 019).
 */
export function UpdatePrompt() {
  const { updateReady } = useServiceWorkerState();
  // Its texts (the `offline` namespace) load only when there is something to say (decision 028).
  if (!updateReady) return null;
  return (
    <Suspense fallback={null}>
      <UpdateReady />
    </Suspense>
  );
}

function UpdateReady() {
  const { t } = useTranslation('offline');
  const [reloading, setReloading] = useState(false);
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={1000}>
      <Paper shadow="md" radius="md" p="sm" withBorder role="status" aria-live="polite" maw="calc(100vw - 32px)" data-testid="update-prompt">
        <Group gap="sm" wrap="nowrap">
          <Text size="sm">{t('update.text')}</Text>
          <Button
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={reloading}
            onClick={() => {
              setReloading(true);
              void reloadToUpdate();
            }}
          >
            {t('update.reload')}
          </Button>
          <Button size="xs" variant="subtle" color="gray" onClick={dismissUpdate}>
            {t('update.later')}
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
