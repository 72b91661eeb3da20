import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SCROLL_TOP_OFFSET_PX } from '@grove/shared';
import { useFieldFocused } from './useFieldFocused';
import { useScrollPast } from './useScrollPast';

/** A bar of actions pinned to the bottom of the screen (the wizard's Back/Next on phones) is on the page. */
function stickyActionsShown(): boolean {
  if (typeof document === 'undefined') return false;
  return [...document.querySelectorAll('[data-sticky-actions]')].some((element) => getComputedStyle(element).position === 'sticky');
}

/**
 * Appears once the page is scrolled beyond 300 px and scrolls back up smoothly. Hidden while a form
 * field has focus, and while a sticky action bar is shown: on phones it would otherwise cover a
 * form's bottom-right Save or Next button.
 */
export function ScrollToTop() {
  const { t } = useTranslation('layout');
  const scrolled = useScrollPast(SCROLL_TOP_OFFSET_PX);
  const editing = useFieldFocused();
  const visible = scrolled && !editing && !stickyActionsShown();
  const reduceMotion = useReducedMotion();
  return (
    <Affix position={{ bottom: 24, right: 24 }} zIndex={120}>
      <Transition transition="slide-up" mounted={visible} duration={200}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size={44}
            radius="xl"
            variant="filled"
            color="orange"
            aria-label={t('scrollTop')}
            data-testid="scroll-top"
            onClick={() => window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' })}
          >
            <IconArrowUp size={22} aria-hidden />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
