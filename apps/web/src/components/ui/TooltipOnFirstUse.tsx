import { cloneElement, lazy, Suspense, useEffect, useRef, useState, type FocusEvent, type PointerEvent, type ReactElement, type Ref } from 'react';
import type { TooltipProps } from '@mantine/core';

const loadTooltip = () => import('./MantineTooltip');
const MantineTooltip = lazy(loadTooltip);

const FOCUSABLE = 'button, a[href], input, [tabindex]';

type TargetProps = {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * A Mantine Tooltip whose code (floating-ui's positioning) is not part of a screen's first download
 * (decision 042). Its target renders at once; the pointer or the keyboard reaching the target
 * fetches the tooltip and mounts it, shown while the pointer stays or the focus does — then it
 * behaves as Mantine's own (hover, focus, Escape, `aria-describedby` while shown). The target is
 * re-mounted inside the tooltip, so a focused target gets its focus back.
 */
export function TooltipOnFirstUse({ children, ...props }: TooltipProps & { children: ReactElement<TargetProps> }) {
  const [used, setUsed] = useState<false | { refocus: boolean }>(false);
  // Whether the tooltip should show as it mounts: the pointer is still over the target, or the
  // target has keyboard focus (Mantine shows a tooltip on `:focus-visible` only).
  const over = useRef(false);
  const focusVisible = useRef(false);
  if (used) {
    return (
      <Suspense fallback={children}>
        <LoadedTooltip {...props} refocus={used.refocus} showNow={() => over.current || focusVisible.current}>
          {children}
        </LoadedTooltip>
      </Suspense>
    );
  }
  const own = children.props;
  return cloneElement(children, {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      over.current = true;
      void loadTooltip().then(() => setUsed((current) => current || { refocus: false }));
      own.onPointerEnter?.(event);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      over.current = false;
      own.onPointerLeave?.(event);
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      // The focus may be on a button inside the target (an Indicator around an ActionIcon).
      const element = event.target;
      focusVisible.current = element.matches(':focus-visible');
      void loadTooltip().then(() => setUsed({ refocus: document.activeElement === element }));
      own.onFocus?.(event);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      focusVisible.current = false;
      own.onBlur?.(event);
    },
  });
}

function LoadedTooltip({
  children,
  refocus,
  showNow,
  ...props
}: TooltipProps & { children: ReactElement<TargetProps>; refocus: boolean; showNow: () => boolean }) {
  const target = useRef<HTMLElement>(null);
  const [shown] = useState(showNow);
  useEffect(() => {
    // The target was re-mounted inside the tooltip: it keeps the focus it had.
    const element = target.current;
    if (refocus && element) (element.matches(FOCUSABLE) ? element : element.querySelector<HTMLElement>(FOCUSABLE))?.focus();
  }, [refocus]);
  return (
    <MantineTooltip {...props} defaultOpened={shown}>
      {cloneElement(children, { ref: target })}
    </MantineTooltip>
  );
}
