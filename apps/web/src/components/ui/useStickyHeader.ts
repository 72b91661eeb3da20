import { SCROLL_TOP_OFFSET_PX } from '@grove/shared';
import { useScrollPast } from './useScrollPast';

/** Sticky once scrolled beyond `offset` (300 px), released at two thirds of it (200 px) or less. */
export function stickyReleaseAt(offset: number): number {
  return (offset * 2) / 3;
}

export function useStickyHeader(enabled: boolean, offset: number = SCROLL_TOP_OFFSET_PX): boolean {
  const past = useScrollPast(offset, stickyReleaseAt(offset));
  return enabled && past;
}
