import { forwardRef, lazy, type ComponentPropsWithoutRef } from 'react';
import { Avatar, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { MenuOnFirstUse } from '../ui/MenuOnFirstUse';

const loadMenu = () => import('./UserMenuDropdown');
const UserMenuDropdown = lazy(loadMenu);

interface UserMenuProps {
  /** Where "Settings" leads, or null when the user may not open a settings page. */
  settingsPath: string | null;
  compact: boolean;
}

type UserMenuButtonProps = Omit<ComponentPropsWithoutRef<'button'>, 'color' | 'style'> & { fullName: string; compact: boolean };

/** The menu's button: the avatar and, on wide screens, the user's name. */
export const UserMenuButton = forwardRef<HTMLButtonElement, UserMenuButtonProps>(function UserMenuButton({ fullName, compact, ...props }, ref) {
  const { t } = useTranslation('layout');
  return (
    // Named by its content (not aria-label), so the visible name is the accessible one.
    <UnstyledButton ref={ref} data-testid="user-menu" style={{ borderRadius: 999 }} {...props}>
      <Group gap={8} wrap="nowrap">
        <Avatar name={fullName} color="teal" variant="filled" size={34} radius="xl" aria-hidden styles={{ placeholder: { color: 'var(--mantine-color-white)' } }} />
        {compact ? (
          <VisuallyHidden>{t('userMenu.open', { name: fullName })}</VisuallyHidden>
        ) : (
          <>
            <Text size="sm" fw={500} maw={160} truncate>
              {fullName}
            </Text>
            <IconChevronDown size={16} aria-hidden />
          </>
        )}
      </Group>
    </UnstyledButton>
  );
});

/**
 * The header's user menu (settings, colour scheme, language, sign-out). Its button renders at once;
 * the menu itself (Mantine's Menu, its items and icons) is fetched when the pointer or the keyboard
 * reaches the button and mounted, open, at the first click — it is not part of a signed-in screen's
 * first download (decision 039, as the sign-in screen's language menu in decision 028).
 */
export function UserMenu({ settingsPath, compact }: UserMenuProps) {
  const { user } = useSession();
  if (!user) return null;
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.username;
  return (
    <MenuOnFirstUse
      load={loadMenu}
      button={(props) => <UserMenuButton fullName={fullName} compact={compact} aria-haspopup="menu" aria-expanded={false} {...props} />}
      menu={<UserMenuDropdown settingsPath={settingsPath} compact={compact} fullName={fullName} />}
    />
  );
}
