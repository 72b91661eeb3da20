import { Alert, Button, Group, List, Text } from '@mantine/core';
import { IconCloudUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/format';
import { useOnline } from '../../app/offline/online';
import { discardItem, usePendingFor } from '../../app/offline/outbox';

/**
 * On a record's page: the changes to it that wait on this device (and any the server refused),
 * so the screen never pretends they are saved on the server (decision 019).
 */
export function PendingNotice({ recordKey }: { recordKey: string }) {
  const { t } = useTranslation('offline');
  const format = useFormat();
  const online = useOnline();
  const items = usePendingFor(recordKey);
  if (items.length === 0) return null;
  const refused = items.filter((item) => item.state === 'conflict');
  const waiting = items.filter((item) => item.state === 'waiting');
  return (
    <>
      {waiting.length > 0 && (
        <Alert color="orange" variant="light" icon={<IconCloudUp size={18} aria-hidden />} title={online ? t('pending.online', { count: waiting.length }) : t('pending.offline', { count: waiting.length })} data-testid="pending-notice">
          <List size="sm">
            {waiting.map((item) => (
              <List.Item key={item.id}>
                {t(`kinds.${item.kind}`, { defaultValue: item.kind })} · {format.dateTime(item.createdAt)}
                {item.photos.length ? ` · ${t('item.photos', { count: item.photos.length })}` : ''}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {refused.map((item) => (
        <Alert key={item.id} color="red" variant="light" role="alert" title={t('item.refusedTitle', { what: t(`kinds.${item.kind}`, { defaultValue: item.kind }) })} data-testid="pending-conflict">
          <Text size="sm">{t('item.conflict', { reason: item.conflict?.message ?? '' })}</Text>
          <Text size="sm" mt={4}>
            {t('item.conflictHelp')}
          </Text>
          <Group mt="xs">
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => void discardItem(item.id)}>
              {t('item.discard')}
            </Button>
          </Group>
        </Alert>
      ))}
    </>
  );
}
