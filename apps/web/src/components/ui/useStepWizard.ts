import { useCallback, useState } from 'react';

/** Step bookkeeping for a wizard: forward one at a time, back to any finished step. */
export function useStepWizard(count: number, initial = 0) {
  const [current, setCurrent] = useState(initial);
  const next = useCallback(() => setCurrent((step) => Math.min(step + 1, count)), [count]);
  const back = useCallback(() => setCurrent((step) => Math.max(step - 1, 0)), []);
  const goTo = useCallback((step: number) => setCurrent((now) => (step >= 0 && step <= now ? step : now)), []);
  return {
    current,
    next,
    back,
    goTo,
    isFirst: current === 0,
    isLast: current === count - 1,
    isComplete: current >= count,
  };
}
