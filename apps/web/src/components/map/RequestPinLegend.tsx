import { Group, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServiceRequestPin } from '@grove/shared';
import { countByStatus, isShownByDefault, REQUEST_STATUS_COLORS } from './request-pins';
import classes from './PropertyMap.module.css';

export interface RequestPinLegendProps {
  /** All pins of the customer (before the closed/cancelled filter). */
  pins: readonly ServiceRequestPin[];
  showFinished: boolean;
  onShowFinishedChange: (show: boolean) => void;
}

/** The colours of the request pins with a count per status, and the switch for finished requests. */
export function RequestPinLegend({ pins, showFinished, onShowFinishedChange }: RequestPinLegendProps) {
  const { t } = useTranslation('map');
  if (pins.length === 0) return null;
  const counts = countByStatus(pins);
  const finished = counts.filter((row) => !isShownByDefault(row.status)).reduce((sum, row) => sum + row.count, 0);
  const rows = counts.filter((row) => row.count > 0 && (showFinished || isShownByDefault(row.status)));
  return (
    <Stack gap={6} data-testid="request-pin-legend">
      <Text size="sm" fw={600} id="request-pin-legend-title">
        {t('requests.legend')}
      </Text>
      {rows.length > 0 ? (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="request-pin-legend-title">
          {rows.map(({ status, count }) => (
            <Group key={status} component="li" gap="xs" wrap="nowrap">
              <span className={classes.requestDotSmall} style={{ background: REQUEST_STATUS_COLORS[status] }} aria-hidden />
              <Text size="sm">{t(`requests.status.${status}`)}</Text>
              <Text size="xs" c="dimmed">
                {count}
              </Text>
            </Group>
          ))}
        </Stack>
      ) : (
        <Text size="xs" c="dimmed">
          {t('requests.noneOpen')}
        </Text>
      )}
      {finished > 0 && (
        <Switch
          size="sm"
          checked={showFinished}
          onChange={(event) => onShowFinishedChange(event.currentTarget.checked)}
          label={t('requests.showFinished', { n: finished })}
          data-testid="show-finished-requests"
        />
      )}
    </Stack>
  );
}
