import { forwardRef, lazy, type ComponentPropsWithoutRef } from 'react';
import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NATIVE_NAMES } from '../components/layout/language-names';
import { MenuOnFirstUse } from '../components/ui/MenuOnFirstUse';
import { useSession } from './session';

const loadMenu = () => import('./LanguageMenu');
const LanguageMenu = lazy(loadMenu);

type PickerButtonProps = Omit<ComponentPropsWithoutRef<'button'>, 'color' | 'style'>;

/** The picker's button: the current language's own name. */
export const PickerButton = forwardRef<HTMLButtonElement, PickerButtonProps>(function PickerButton(props, ref) {
  const { t } = useTranslation();
  const { language } = useSession();
  return (
    <Button
      ref={ref}
      variant="subtle"
      color="gray"
      size="compact-md"
      leftSection={<IconLanguage size={18} aria-hidden />}
      // The name starts with the visible text (WCAG 2.5.3 label in name).
      aria-label={`${LANGUAGE_NATIVE_NAMES[language]} · ${t('language.choose')}`}
      aria-haspopup="menu"
      data-testid="language-picker"
      {...props}
    >
      {LANGUAGE_NATIVE_NAMES[language]}
    </Button>
  );
});

/**
 * Language switch for screens without the user menu (sign-in pages). The menu (Mantine's Menu and
 * its positioning library, ~20 KB) is fetched when the pointer or the keyboard reaches the button and
 * mounted, open, at the first click, so the sign-in screen's first download stays small (decision 028).
 */
export function LanguagePicker() {
  return <MenuOnFirstUse load={loadMenu} button={(props) => <PickerButton {...props} />} menu={<LanguageMenu />} />;
}
