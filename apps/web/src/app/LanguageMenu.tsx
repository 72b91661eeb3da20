import { useEffect, useRef } from 'react';
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { LANGUAGES } from '@grove/shared';
import { LANGUAGE_NATIVE_NAMES } from '../components/layout/language-names';
import { PickerButton } from './LanguagePicker';
import { useSession } from './session';

/** The language menu itself (Mantine's Menu and its positioning library): mounted, open, by LanguagePicker's first click. */
export default function LanguageMenu() {
  const { language, setLanguage } = useSession();
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // It replaces the button that was just pressed: the focus stays on the picker.
    target.current?.focus();
  }, []);
  return (
    <Menu position="bottom-end" shadow="md" width={180} defaultOpened>
      <Menu.Target>
        <PickerButton ref={target} />
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
