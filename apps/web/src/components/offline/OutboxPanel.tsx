import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff, IconCloudUp, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../app/format';
import { useOnline } from '../../app/offline/online';
import { discardItem, syncOutbox, useOutbox, type OutboxItem } from '../../app/offline/outbox';
import { storageStatus, type StorageStatus } from '../../app/offline/storage';
import { WorkingSetPanel } from './WorkingSetPanel';

/**
 * The outbox panel of the header's offline indicator (OfflineStatus): what waits, what the server
 * refused and why, the storage left and the offline copy of the working set.
 */
export default function OutboxPanel({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('offline');
  const online = useOnline();
  const outbox = useOutbox();
  const [storage, setStorage] = useState<StorageStatus | null>(null);
  useEffect(() => {
    void storageStatus().then(setStorage);
  }, [outbox.items.length]);
  return (
    <Stack gap="md">
      <Alert color={online ? 'teal' : 'orange'} variant="light" icon={online ? <IconCloudUp size={18} aria-hidden /> : <IconCloudOff size={18} aria-hidden />}>
        {online ? t('panel.online') : t('panel.offline')}
      </Alert>
      <PendingSummary />
      {outbox.needsSignIn && (
        <Alert color="red" variant="light" role="alert">
          {t('panel.signIn')}
        </Alert>
      )}
      {storage?.low && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="storage-low">
          {t('storage.low', { used: megabytes(storage.usage), quota: megabytes(storage.quota) })}
        </Alert>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {storage ? t('storage.used', { used: megabytes(storage.usage), quota: megabytes(storage.quota) }) : ''}
          {storage?.persisted ? ` · ${t('storage.persisted')}` : ''}
        </Text>
        <Button size="xs" leftSection={<IconRefresh size={14} aria-hidden />} disabled={!online || outbox.waiting === 0} loading={outbox.syncing} onClick={() => void syncOutbox()}>
          {t('panel.sendNow')}
        </Button>
      </Group>
      {outbox.items.length === 0 ? (
        <Text size="sm">{t('panel.empty')}</Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('panel.list')}>
          {outbox.items.map((item) => (
            <li key={item.id}>
              <OutboxRow item={item} onNavigate={onNavigate} />
            </li>
          ))}
        </Stack>
      )}
      <WorkingSetPanel />
    </Stack>
  );
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0);
}

function OutboxRow({ item, onNavigate }: { item: OutboxItem; onNavigate: () => void }) {
  const { t } = useTranslation('offline');
  const format = useFormat();
  const conflict = item.state === 'conflict';
  return (
    <Paper withBorder radius="md" p="sm" data-testid="outbox-item" data-state={item.state} style={conflict ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={600}>
            {t(`kinds.${item.kind}`, { defaultValue: item.kind })} · {item.subject}
          </Text>
          <Badge color={conflict ? 'red' : 'orange'} variant="light">
            {conflict ? t('item.refused') : t('item.waiting')}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t('item.saved', { time: format.dateTime(item.createdAt) })}
          {item.photos.length ? ` · ${t('item.photos', { count: item.photos.length })}` : ''}
        </Text>
        {conflict && (
          <Stack gap={6}>
            <Text size="sm" c="red.8" role="alert">
              {t('item.conflict', { reason: item.conflict?.message ?? '' })}
            </Text>
            <Text size="xs">{t('item.conflictHelp')}</Text>
            <Group gap="xs">
              {item.link && (
                <Button size="compact-sm" variant="light" component={Link} to={item.link} onClick={onNavigate}>
                  {t('item.open')}
                </Button>
              )}
              <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => void discardItem(item.id)}>
                {t('item.discard')}
              </Button>
            </Group>
          </Stack>
        )}
        {!conflict && item.lastError && (
          <Text size="xs" c="dimmed">
            {t('item.retrying', { count: item.attempts })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** "Saved on this device, will send when online — N waiting" (nothing when nothing waits). */
export function PendingSummary() {
  const { t } = useTranslation('offline');
  const online = useOnline();
  const { waiting, syncing } = useOutbox();
  if (waiting === 0) return null;
  return (
    <Text size="sm" fw={500} data-testid="pending-summary">
      {online ? (syncing ? t('pending.sending', { count: waiting }) : t('pending.online', { count: waiting })) : t('pending.offline', { count: waiting })}
    </Text>
  );
}
