import { Group, Stack, Text } from '@mantine/core';
import type { CustomerZone } from '@grove/shared';
import { useZoneFormat } from './useZoneFormat';
import classes from './PropertyMap.module.css';

/** The zones of a map as a list: colour, name, kind and area (also what a screen reader gets). */
export function ZoneLegend({ zones }: { zones: readonly CustomerZone[] }) {
  const zoneFormat = useZoneFormat();
  if (zones.length === 0) return null;
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="zone-legend">
      {zones.map((zone) => (
        <Group key={zone.id} component="li" gap="xs" wrap="nowrap" align="flex-start">
          <span className={classes.swatch} style={{ background: zone.color, marginTop: 4 }} aria-hidden />
          {/* Name and facts wrap instead of being cut (issue 17 §11). */}
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {zone.name}
            </Text>
            <Text size="xs" c="dimmed">
              {zoneFormat.kind(zone.kind)} · {zoneFormat.area(zone.areaSqM, zone.areaSqFt)}
            </Text>
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
