import { useEffect, useState } from 'react';

/**
 * Tracks the window scroll against thresholds: `on` once scrolled beyond `enterAt`, `off` again at
 * `leaveAt` or less (a gap between the two stops flicker around a single threshold).
 */
export function useScrollPast(enterAt: number, leaveAt: number = enterAt): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > enterAt);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      setPast((current) => (current ? y > leaveAt : y > enterAt));
    };
    const onScroll = () => {
      // One state check per frame, however fast scroll events arrive.
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [enterAt, leaveAt]);
  return past;
}
