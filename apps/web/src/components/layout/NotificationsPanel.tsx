import { useEffect, useRef, useState } from 'react';
import { Button, Group, Loader, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Notification } from '@grove/shared';
import { useFormat } from '../../app/format';
import { useSession } from '../../app/session';
import { useLatestNotifications, useMarkAllRead, useMarkRead, useUnreadCount } from '../../entities/notifications';
import { BellButton, inAppPath } from './NotificationsBell';

/**
 * The bell's panel: the latest notifications; opening one marks it read and goes to its record.
 * Mounted, open, by the bell's first click (decision 042); from then on the bell toggles it.
 */
export default function NotificationsPanel({ count }: { count: number }) {
  const { t } = useTranslation('notifications');
  const { status } = useSession();
  const signedIn = status === 'signedIn';
  const [opened, setOpened] = useState(true);
  const unread = useUnreadCount(signedIn);
  const latest = useLatestNotifications(signedIn && opened);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const navigate = useNavigate();
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // It replaces the bell that was just pressed: the focus stays on the bell, the count is fresh.
    target.current?.focus();
    void unread.refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the panel first opens
  }, []);

  const open = (notification: Notification) => {
    if (!notification.readAt) markRead.mutate(notification.id);
    setOpened(false);
    const path = inAppPath(notification.link);
    if (path) void navigate(path);
  };

  const items = latest.data ?? [];
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width="min(380px, calc(100vw - 16px))"
      shadow="md"
      withinPortal
      trapFocus={false}
      onOpen={() => void unread.refetch()}
    >
      <Popover.Target>
        <BellButton ref={target} count={count} onClick={() => setOpened((value) => !value)} />
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label={t('bell.title')} data-testid="notifications-panel">
        <Group justify="space-between" px="sm" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <Text fw={600} size="sm">
            {t('bell.title')}
          </Text>
          <Button
            variant="subtle"
            size="compact-xs"
            leftSection={<IconChecks size={14} aria-hidden />}
            disabled={count === 0}
            loading={markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            {t('bell.markAllRead')}
          </Button>
        </Group>
        {latest.isPending && opened ? (
          <Group justify="center" py="lg">
            <Loader size="sm" aria-label={t('bell.loading')} />
          </Group>
        ) : latest.isError ? (
          <Text size="sm" c="red.8" p="md" role="alert">
            {t('bell.error')}
          </Text>
        ) : items.length === 0 ? (
          <Stack align="center" gap={6} py="lg" data-testid="notifications-empty">
            <IconBellOff size={28} aria-hidden color="var(--mantine-color-gray-6)" />
            <Text size="sm">{t('bell.empty')}</Text>
          </Stack>
        ) : (
          <ScrollArea.Autosize mah="min(70vh, 480px)" type="auto">
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('bell.title')}>
              {items.map((item) => (
                <li key={item.id}>
                  <NotificationItem notification={item} onOpen={open} />
                </li>
              ))}
            </ul>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: (n: Notification) => void }) {
  const { t } = useTranslation('notifications');
  const format = useFormat();
  const unread = !notification.readAt;
  return (
    <UnstyledButton
      onClick={() => onOpen(notification)}
      w="100%"
      px="sm"
      py="xs"
      data-unread={unread}
      data-testid="notification-item"
      style={{
        display: 'flex',
        gap: 10,
        alignItems: 'flex-start',
        borderBottom: '1px solid var(--mantine-color-default-border)',
        background: unread ? 'light-dark(var(--mantine-color-orange-0), var(--mantine-color-dark-5))' : undefined,
      }}
    >
      <span
        aria-hidden
        style={{
          flex: 'none',
          width: 8,
          height: 8,
          marginTop: 6,
          borderRadius: 4,
          background: unread ? 'var(--mantine-primary-color-filled)' : 'transparent',
        }}
      />
      <span style={{ minWidth: 0, flex: 1 }}>
        {unread && <span style={HIDDEN}>{t('bell.unread')}: </span>}
        <Text size="sm" fw={unread ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
          {notification.title}
        </Text>
        {notification.text && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {notification.text}
          </Text>
        )}
        <Text size="xs" c="dimmed" mt={2} title={format.dateTime(notification.createdAt)}>
          {format.relative(notification.createdAt)}
        </Text>
      </span>
    </UnstyledButton>
  );
}

const HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
