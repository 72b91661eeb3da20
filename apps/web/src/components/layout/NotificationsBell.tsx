import { ActionIcon, Popover, Stack, Text } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Placeholder until notifications exist: the bell opens an empty panel. */
export function NotificationsBell() {
  const { t } = useTranslation('layout');
  return (
    <Popover position="bottom-end" width={300} shadow="md" withinPortal trapFocus={false}>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label={t('notifications.open')}>
          <IconBell size={20} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('notifications.title')}>
        <Text fw={600} size="sm" mb="xs">
          {t('notifications.title')}
        </Text>
        <Stack align="center" gap={6} py="md">
          <IconBellOff size={28} aria-hidden color="var(--mantine-color-gray-6)" />
          <Text size="sm">{t('notifications.empty')}</Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
