import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrangeReportPin } from '@grove/shared';
import { countByUrgency, REPORT_URGENCY_COLORS } from './report-pins';
import classes from './PropertyMap.module.css';

/** The diamonds' colours with a count per urgency (only when the map has report pins). */
export function ReportPinLegend({ pins }: { pins: readonly OrangeReportPin[] }) {
  const { t } = useTranslation('map');
  if (pins.length === 0) return null;
  const rows = countByUrgency(pins).filter((row) => row.count > 0);
  return (
    <Stack gap={6} data-testid="report-pin-legend">
      <Text size="sm" fw={600} id="report-pin-legend-title">
        {t('reports.legend')}
      </Text>
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="report-pin-legend-title">
        {rows.map(({ urgency, count }) => (
          <Group key={urgency} component="li" gap="xs" wrap="nowrap">
            <span className={classes.reportDiamondSmall} style={{ background: REPORT_URGENCY_COLORS[urgency] }} aria-hidden />
            <Text size="sm">{t(`reports.urgency.${urgency}`)}</Text>
            <Text size="xs" c="dimmed">
              {count}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
