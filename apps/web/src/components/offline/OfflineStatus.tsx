import { lazy, Suspense, useEffect, useState } from 'react';
import { ActionIcon, Center, Drawer, Indicator, Loader } from '@mantine/core';
import { IconCloudOff, IconCloudUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../app/offline/online';
import { offlineCopyEnabled } from '../../app/offline/offline-copy-setting';
import { startOutboxWhenNeeded } from '../../app/offline/outbox-start';
import { useOutbox } from '../../app/offline/outbox-store';
import { useSession } from '../../app/session';
import { TooltipOnFirstUse } from '../ui/TooltipOnFirstUse';
import { hasStaffRole } from '@grove/shared';

// The outbox's list and the working-set switch load when the panel opens (decision 032).
const OutboxPanel = lazy(() => import('./OutboxPanel'));

/**
 * The header's offline indicator (decision 019): a cloud that says "offline" and how many changes
 * wait on this device; it opens the outbox — what waits, what the server refused and why, the
 * storage left and the offline copy of the working set.
 */
export function OfflineStatus() {
  const { t } = useTranslation('offline');
  const online = useOnline();
  const outbox = useOutbox();
  const { user, roles } = useSession();
  const [opened, setOpened] = useState(false);
  // The outbox and the working set load only for a device that uses them (decision 032): something
  // waits in the outbox, or this user keeps an offline copy.
  useEffect(() => startOutboxWhenNeeded(), []);
  useEffect(() => {
    if (user && offlineCopyEnabled(user)) void import('../../app/offline/working-set').then((workingSet) => workingSet.startWorkingSet());
  }, [user]);
  const count = outbox.waiting + outbox.conflicts;
  // Customer users see it only when it has something to say.
  if (!hasStaffRole(roles) && online && count === 0) return null;
  const label = !online ? t('status.offlineCount', { count: outbox.waiting }) : outbox.conflicts ? t('status.conflicts', { count: outbox.conflicts }) : t('status.waiting', { count: outbox.waiting });
  return (
    <>
      <TooltipOnFirstUse label={label} withinPortal>
        <Indicator label={count} size={16} disabled={count === 0} color={outbox.conflicts ? 'red' : 'orange'} offset={4}>
          <ActionIcon
            variant={online ? 'subtle' : 'light'}
            color={online ? 'gray' : 'orange'}
            size="lg"
            radius="xl"
            onClick={() => setOpened(true)}
            aria-label={`${t('status.open')}: ${label}`}
            data-testid="offline-status"
            data-online={online}
            data-waiting={outbox.waiting}
            data-conflicts={outbox.conflicts}
          >
            {online ? <IconCloudUp size={20} aria-hidden /> : <IconCloudOff size={20} aria-hidden />}
          </ActionIcon>
        </Indicator>
      </TooltipOnFirstUse>
      <Drawer opened={opened} onClose={() => setOpened(false)} position="right" size="md" title={t('panel.title')} closeButtonProps={{ 'aria-label': t('panel.close') }}>
        <Suspense
          fallback={
            <Center p="md">
              <Loader size="sm" />
            </Center>
          }
        >
          <OutboxPanel onNavigate={() => setOpened(false)} />
        </Suspense>
      </Drawer>
    </>
  );
}

