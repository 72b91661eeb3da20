import { forwardRef, lazy, type ComponentPropsWithoutRef } from 'react';
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { useUnreadCount } from '../../entities/notifications';
import { MenuOnFirstUse } from '../ui/MenuOnFirstUse';

const loadPanel = () => import('./NotificationsPanel');
const NotificationsPanel = lazy(loadPanel);

/** A notification's link is an in-app path; anything else (or none) is not followed. */
export function inAppPath(link: string | null): string | null {
  return link && link.startsWith('/') && !link.startsWith('//') ? link : null;
}

/** "99+" beyond two digits, so the badge keeps its size. */
export function countLabel(count: number): string {
  return count > 99 ? '99+' : String(count);
}

type BellButtonProps = Omit<ComponentPropsWithoutRef<'button'>, 'color' | 'style'> & { count: number };

/** The bell's button, the same before and after the panel's code has arrived. */
export const BellButton = forwardRef<HTMLButtonElement, BellButtonProps>(function BellButton({ count, ...props }, ref) {
  const { t } = useTranslation('notifications');
  return (
    <ActionIcon
      ref={ref}
      variant="subtle"
      color="gray"
      size="lg"
      radius="xl"
      aria-label={count ? t('bell.labelUnread', { n: count }) : t('bell.label')}
      aria-haspopup="dialog"
      data-testid="notifications-bell"
      {...props}
    >
      <IconBell size={20} aria-hidden />
    </ActionIcon>
  );
});

/**
 * The header bell: the unread count (polled every minute and on window focus) and a list of the
 * latest notifications. The panel (Mantine's Popover and its positioning) is fetched when the pointer
 * or the keyboard reaches the bell and mounted, open, at the first click (decision 042).
 */
export function NotificationsBell() {
  const { status } = useSession();
  const unread = useUnreadCount(status === 'signedIn');
  const count = unread.data ?? 0;
  return (
    <Indicator label={countLabel(count)} disabled={count === 0} size={18} color="red" offset={6} inline withBorder data-testid="notifications-count">
      <MenuOnFirstUse load={loadPanel} button={(props) => <BellButton count={count} aria-expanded={false} {...props} />} menu={<NotificationsPanel count={count} />} />
    </Indicator>
  );
}
