import type { ComponentType } from 'react';
import {
  IconBug,
  IconDots,
  IconDroplet,
  IconFlower,
  IconLeaf,
  IconPlant2,
  IconRipple,
  IconSnowflake,
  IconTree,
  IconWall,
} from '@tabler/icons-react';

type Icon = ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;

/** An icon per request type code, for the phone form's big type buttons. */
const TYPE_ICONS: Record<string, Icon> = {
  irrigation: IconDroplet,
  tree_care: IconTree,
  turf: IconPlant2,
  plants_beds: IconFlower,
  debris_cleanup: IconLeaf,
  drainage: IconRipple,
  hardscape: IconWall,
  snow_ice: IconSnowflake,
  pest: IconBug,
  other: IconDots,
};

export function typeIcon(code: string): Icon {
  return TYPE_ICONS[code] ?? IconDots;
}
