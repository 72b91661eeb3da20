import { Suspense, useState, type ReactElement, type ReactNode } from 'react';

/** What the stand-in button gets before first use. */
export interface MenuTriggerProps {
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onClick?: () => void;
}

interface MenuOnFirstUseProps {
  /** The menu module's import: started when the pointer or the keyboard reaches the button. */
  load: () => Promise<unknown>;
  /** The menu's button, rendered at once (and while the menu's code arrives). */
  button: (props: MenuTriggerProps) => ReactElement;
  /** The lazy menu, mounted at the first click; it opens itself on the same button (`defaultOpened`). */
  menu: ReactNode;
}

/**
 * A menu whose code (Mantine's Menu and its positioning library) is not part of a screen's first
 * download: the sign-in screen's language picker (decision 028) and the header's user menu (039).
 */
export function MenuOnFirstUse({ load, button, menu }: MenuOnFirstUseProps) {
  const [used, setUsed] = useState(false);
  if (!used) return button({ onPointerEnter: () => void load(), onFocus: () => void load(), onClick: () => setUsed(true) });
  return <Suspense fallback={button({})}>{menu}</Suspense>;
}
