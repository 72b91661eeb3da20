import { useEffect, useState } from 'react';
import { RESIZE_THROTTLE_MS } from '@grove/shared';
import { throttle } from '../layout/throttle';

/**
 * True while the window is narrower than `px` (resize throttled). For screens that show a table on
 * wide windows and cards on narrow ones: rendering only the one that shows halves the first
 * screen's work on a phone (decision 032), where hiding one with CSS still renders both.
 */
export function useBelowWidth(px: number): boolean {
  const [below, setBelow] = useState(() => window.innerWidth < px);
  useEffect(() => {
    const onResize = throttle(() => setBelow(window.innerWidth < px), RESIZE_THROTTLE_MS);
    onResize();
    window.addEventListener('resize', onResize);
    return () => {
      onResize.cancel();
      window.removeEventListener('resize', onResize);
    };
  }, [px]);
  return below;
}
