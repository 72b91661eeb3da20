import { describe, expect, it, vi } from 'vitest';
import { isMobileLayout, isTabletDevice } from './useIsMobile';
import { throttle } from './throttle';

const device = (userAgent: string, maxTouchPoints = 0) => ({ userAgent, maxTouchPoints });

describe('mobile layout (spec §9: below lg 992 px, or a tablet)', () => {
  it('switches at 992 px', () => {
    expect(isMobileLayout(991, false)).toBe(true);
    expect(isMobileLayout(992, false)).toBe(false);
  });

  it('a tablet is mobile at any width', () => {
    expect(isMobileLayout(1366, true)).toBe(true);
  });

  it('recognises tablets, including iPadOS posing as a Mac', () => {
    expect(isTabletDevice(device('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)'))).toBe(true);
    expect(isTabletDevice(device('Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Safari/537.36'))).toBe(true);
    expect(isTabletDevice(device('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5))).toBe(true);
    expect(isTabletDevice(device('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0))).toBe(false);
    expect(isTabletDevice(device('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36'))).toBe(false);
    expect(isTabletDevice(device('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0'))).toBe(false);
  });
});

describe('throttle (resize handling, 200 ms)', () => {
  it('runs at once, then at most once per window with the latest arguments', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const throttled = throttle(fn, 200);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(fn.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(199);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn.mock.calls).toEqual([[1], [3]]);
    vi.useRealTimers();
  });
});
