import { useEffect, useState } from 'react';
import { BREAKPOINTS, RESIZE_THROTTLE_MS } from '@grove/shared';
import { throttle } from './throttle';

/** Tablets get the off-canvas layout at any width (spec §9: "mobile is below lg, or a tablet device"). */
export function isTabletDevice(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> | undefined = globalThis.navigator): boolean {
  if (!nav) return false;
  const ua = nav.userAgent;
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(ua)) return true;
  if (/Android/i.test(ua) && !/Mobile/i.test(ua)) return true;
  // iPadOS reports itself as a Mac; a Mac does not have a multi-touch screen.
  return /Macintosh/i.test(ua) && nav.maxTouchPoints > 1;
}

export function isMobileLayout(width: number, tablet: boolean): boolean {
  return tablet || width < BREAKPOINTS.lg;
}

function currentlyMobile(): boolean {
  return isMobileLayout(window.innerWidth, isTabletDevice());
}

/** True below the lg breakpoint or on a tablet; resize events are throttled to 200 ms. */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(currentlyMobile);
  useEffect(() => {
    const onResize = throttle(() => setMobile(currentlyMobile()), RESIZE_THROTTLE_MS);
    window.addEventListener('resize', onResize);
    window.addEventListener('orientationchange', onResize);
    return () => {
      onResize.cancel();
      window.removeEventListener('resize', onResize);
      window.removeEventListener('orientationchange', onResize);
    };
  }, []);
  return mobile;
}
