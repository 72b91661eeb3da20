import { Badge } from '@mantine/core';
import { IconFlower, IconLeaf, IconSnowflake, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PlanSeason } from '@grove/shared';

const LOOK: Record<PlanSeason, { color: string; Icon: typeof IconLeaf }> = {
  spring: { color: 'green', Icon: IconFlower },
  summer: { color: 'yellow', Icon: IconSun },
  fall: { color: 'orange', Icon: IconLeaf },
  winter: { color: 'blue', Icon: IconSnowflake },
};

export function SeasonBadge({ season }: { season: PlanSeason }) {
  const { t } = useTranslation('plans');
  const { color, Icon } = LOOK[season];
  return (
    <Badge variant="light" color={color} size="sm" leftSection={<Icon size={12} aria-hidden />}>
      {t(`season.${season}`)}
    </Badge>
  );
}
