import { useEffect, useState } from 'react';

/** Elements that bring up a keyboard or sit in a form's button row on phones. */
function isFormField(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  return element.matches('input, textarea, select, [role="combobox"], [role="textbox"]');
}

/**
 * True while a form field has focus. Floating buttons hide then, so they never cover a form's own
 * buttons (a card's bottom-right Save) while the user is filling it in.
 */
export function useFieldFocused(): boolean {
  const [focused, setFocused] = useState(() => typeof document !== 'undefined' && isFormField(document.activeElement));
  useEffect(() => {
    const update = () => setFocused(isFormField(document.activeElement));
    // focusout fires before the next element has focus: look once the move has finished.
    const onFocusOut = () => queueMicrotask(update);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  return focused;
}
