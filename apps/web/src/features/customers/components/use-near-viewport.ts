import { useCallback, useEffect, useState } from 'react';

/**
 * True once the element has come within `margin` pixels below the viewport (or was in it from the
 * start), or once `reveal` was called (the focus reached the part); it stays true. The customer
 * dashboard renders and fetches what lies below the first screen only then (decision 046). Without
 * IntersectionObserver (old browsers, jsdom) the element counts as near at once.
 */
export function useNearViewport<T extends Element>(margin: number): { ref: (element: T | null) => void; near: boolean; reveal: () => void } {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback((next: T | null) => setElement(next), []);
  const reveal = useCallback(() => setNear(true), []);

  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: `0px 0px ${margin}px 0px` });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, margin, near]);

  return { ref, near, reveal };
}
