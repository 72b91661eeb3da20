import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';
import { ASIDE_HOVER_ENTER_MS, ASIDE_HOVER_LEAVE_MS } from '@grove/shared';

/**
 * A minimised aside expands 50 ms after the pointer enters and collapses 100 ms after it leaves
 * (spec §2), so a pointer passing over it on its way elsewhere does not flash it open.
 * Keyboard focus inside the aside expands it at once, so focused links show their labels.
 */
export function useAsideHover(enabled: boolean) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const enterTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clearTimers = useCallback(() => {
    clearTimeout(enterTimer.current);
    clearTimeout(leaveTimer.current);
    enterTimer.current = undefined;
    leaveTimer.current = undefined;
  }, []);

  useEffect(() => {
    if (!enabled) {
      clearTimers();
      setHovered(false);
      setFocused(false);
    }
  }, [enabled, clearTimers]);

  useEffect(() => clearTimers, [clearTimers]);

  const onMouseEnter = useCallback(() => {
    if (!enabled) return;
    clearTimeout(leaveTimer.current);
    leaveTimer.current = undefined;
    enterTimer.current ??= setTimeout(() => {
      enterTimer.current = undefined;
      setHovered(true);
    }, ASIDE_HOVER_ENTER_MS);
  }, [enabled]);

  const onMouseLeave = useCallback(() => {
    if (!enabled) return;
    clearTimeout(enterTimer.current);
    enterTimer.current = undefined;
    leaveTimer.current ??= setTimeout(() => {
      leaveTimer.current = undefined;
      setHovered(false);
    }, ASIDE_HOVER_LEAVE_MS);
  }, [enabled]);

  const onFocus = useCallback(() => {
    if (enabled) setFocused(true);
  }, [enabled]);

  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  }, []);

  return {
    expanded: enabled && (hovered || focused),
    handlers: { onMouseEnter, onMouseLeave, onFocus, onBlur },
  };
}
