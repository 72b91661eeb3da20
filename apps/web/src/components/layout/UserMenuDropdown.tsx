import { useEffect, useRef } from 'react';
import { Menu, Text, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconLogout, IconMoon, IconSettings, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LANGUAGES, type Language } from '@grove/shared';
import { isLanguage } from '../../app/i18n';
import { useSession } from '../../app/session';
import { LANGUAGE_NATIVE_NAMES } from './language-names';
import { UserMenuButton } from './UserMenu';

interface UserMenuDropdownProps {
  settingsPath: string | null;
  compact: boolean;
  fullName: string;
}

/** The user menu itself: mounted, open, by UserMenu's first click (decision 039). */
export default function UserMenuDropdown({ settingsPath, compact, fullName }: UserMenuDropdownProps) {
  const { t } = useTranslation('layout');
  const { user, roles, language, logout, setLanguage } = useSession();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // It replaces the button that was just pressed: the focus stays on the menu's button.
    target.current?.focus();
  }, []);
  if (!user) return null;

  const onLanguage = (value: string) => {
    if (isLanguage(value) && value !== language) void setLanguage(value);
  };

  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal defaultOpened>
      <Menu.Target>
        <UserMenuButton ref={target} fullName={fullName} compact={compact} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {fullName}
          </Text>
          <Text size="xs" truncate>
            {user.email}
          </Text>
          <Text size="xs" truncate>
            {roles.join(', ')}
          </Text>
        </Menu.Label>
        {settingsPath && (
          <Menu.Item component={Link} to={settingsPath} leftSection={<IconSettings size={16} aria-hidden />}>
            {t('userMenu.settings')}
          </Menu.Item>
        )}
        <Menu.Item
          closeMenuOnClick={false}
          leftSection={scheme === 'dark' ? <IconSun size={16} aria-hidden /> : <IconMoon size={16} aria-hidden />}
          onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
          data-testid="color-scheme-toggle"
        >
          {scheme === 'dark' ? t('userMenu.lightMode') : t('userMenu.darkMode')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>{t('userMenu.language')}</Menu.Label>
        <Menu.RadioGroup value={language} onChange={onLanguage}>
          {LANGUAGES.map((lang: Language) => (
            <Menu.RadioItem key={lang} value={lang} lang={lang}>
              {LANGUAGE_NATIVE_NAMES[lang]}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()}>
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
