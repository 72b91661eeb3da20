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
        <Group key={zone.id} component="li" gap="xs" wrap="nowrap">
          <span className={classes.swatch} style={{ background: zone.color }} aria-hidden />
          <Text size="sm" fw={500} truncate>
            {zone.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {zoneFormat.kind(zone.kind)} · {zoneFormat.area(zone.areaSqM, zone.areaSqFt)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
