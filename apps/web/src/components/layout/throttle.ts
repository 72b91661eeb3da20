/** Runs at most once per `wait` ms, and always once more with the latest arguments after a burst. */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, wait: number) {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;

  const run = () => {
    timer = undefined;
    last = Date.now();
    if (pending) fn(...pending);
    pending = undefined;
  };

  const throttled = (...args: A) => {
    pending = args;
    const remaining = wait - (Date.now() - last);
    if (remaining <= 0 && !timer) run();
    else timer ??= setTimeout(run, Math.max(remaining, 0));
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
}
