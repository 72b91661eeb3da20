import { useEffect } from 'react';
import { Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hasStaffRole } from '@grove/shared';
import { useFormat } from '../../app/format';
import { useOnline } from '../../app/offline/online';
import { refreshWorkingSet, setOfflineCopyEnabled, startWorkingSet, useWorkingSet } from '../../app/offline/working-set';
import { useSession } from '../../app/session';

/** The offline copy of the working set: on/off (staff), last refresh, refresh now (decision 019). */
export function WorkingSetPanel() {
  const { t } = useTranslation('offline');
  const format = useFormat();
  const online = useOnline();
  const { user, roles } = useSession();
  const workingSet = useWorkingSet();
  useEffect(() => startWorkingSet(), [user?.id]);
  if (!user || !hasStaffRole(roles)) return null;
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Switch
          checked={workingSet.enabled}
          onChange={(event) => setOfflineCopyEnabled(user, event.currentTarget.checked)}
          label={t('workingSet.toggle')}
          description={t('workingSet.description')}
        />
        {workingSet.enabled && (
          <Group justify="space-between" gap="xs">
            <Text size="sm" data-testid="working-set-refreshed">
              {workingSet.meta.refreshedAt ? t('workingSet.refreshedAt', { time: format.dateTime(workingSet.meta.refreshedAt) }) : t('workingSet.never')}
            </Text>
            <Button size="xs" variant="light" leftSection={<IconDownload size={14} aria-hidden />} loading={workingSet.refreshing} disabled={!online} onClick={() => void refreshWorkingSet()}>
              {t('workingSet.refresh')}
            </Button>
          </Group>
        )}
        {workingSet.failed && (
          <Text size="xs" c="red.8">
            {t('workingSet.failed')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
