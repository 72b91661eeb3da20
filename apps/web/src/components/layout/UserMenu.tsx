import {
  Avatar,
  Group,
  Menu,
  Text,
  UnstyledButton,
  VisuallyHidden,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { IconChevronDown, IconLogout, IconMoon, IconSettings, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LANGUAGES, type Language } from '@grove/shared';
import { isLanguage } from '../../app/i18n';
import { useSession } from '../../app/session';
import { LANGUAGE_NATIVE_NAMES } from './language-names';

interface UserMenuProps {
  /** Where "Settings" leads, or null when the user may not open a settings page. */
  settingsPath: string | null;
  compact: boolean;
}

export function UserMenu({ settingsPath, compact }: UserMenuProps) {
  const { t } = useTranslation('layout');
  const { user, roles, language, logout, setLanguage } = useSession();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  if (!user) return null;

  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.username;
  const onLanguage = (value: string) => {
    if (isLanguage(value) && value !== language) void setLanguage(value);
  };

  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        {/* Named by its content (not aria-label), so the visible name is the accessible one. */}
        <UnstyledButton data-testid="user-menu" style={{ borderRadius: 999 }}>
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
