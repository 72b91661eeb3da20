import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@grove/shared';
import { LANGUAGE_NATIVE_NAMES } from '../components/layout/language-names';
import { useSession } from './session';

/** Language switch for screens without the user menu (sign-in pages). */
export function LanguagePicker() {
  const { t } = useTranslation();
  const { language, setLanguage } = useSession();
  return (
    <Menu position="bottom-end" shadow="md" width={180}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconLanguage size={18} aria-hidden />}
          // The name starts with the visible text (WCAG 2.5.3 label in name).
          aria-label={`${LANGUAGE_NATIVE_NAMES[language]} · ${t('language.choose')}`}
          data-testid="language-picker"
        >
          {LANGUAGE_NATIVE_NAMES[language]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((lang) => (
          <Menu.Item
            key={lang}
            lang={lang}
            onClick={() => void setLanguage(lang)}
            rightSection={lang === language ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={lang === language ? 'true' : undefined}
          >
            {LANGUAGE_NATIVE_NAMES[lang]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
