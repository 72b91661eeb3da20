import type { ZoneKind } from '@grove/shared';

/** A suggested colour per zone kind (the user may pick another). */
export const ZONE_KIND_COLORS: Record<ZoneKind, string> = {
  turf: '#4caf50',
  bed: '#a0522d',
  irrigation_zone: '#1e88e5',
  no_touch: '#e53935',
  other: '#8e24aa',
};

/** Swatches offered in the colour picker. */
export const ZONE_SWATCHES = ['#4caf50', '#2e7d32', '#a0522d', '#f9a825', '#1e88e5', '#00897b', '#e53935', '#8e24aa', '#f4511e', '#546e7a'];
