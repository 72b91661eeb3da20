import { IconBolt, IconMoodSmile, IconRocket, IconStar, type Icon } from '@tabler/icons-react';
import type { KudosCategory } from '@grove/shared';

export const CATEGORY_ICONS: Record<KudosCategory, Icon> = {
  quality: IconStar,
  friendliness: IconMoodSmile,
  responsiveness: IconBolt,
  above_and_beyond: IconRocket,
};
