import type { ContentCategory, ContentState } from '@grove/shared';

export const CATEGORY_COLORS: Record<ContentCategory, string> = {
  general: 'gray',
  seasonal_tip: 'teal',
  holiday_schedule: 'grape',
  storm_update: 'red',
};

export const STATE_COLORS: Record<ContentState, string> = {
  draft: 'gray',
  scheduled: 'blue',
  live: 'green',
  expired: 'orange',
};
