import { lazy, Suspense } from 'react';
import { Grid, NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { IconMapPinOff, IconStack2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomerZone, PlanItem } from '@grove/shared';
import { ZoneLegend } from '../../../components/map/ZoneLegend';
import { EmptyState } from '../../../components/ui/EmptyState';
import { ErrorState } from '../../../components/ui/ErrorState';
import { useCustomerPlace } from '../api/plans-api';
import { useZones } from '../api/templates-api';
import { zonesOfItem } from './plan-map';
import classes from './PlanMap.module.css';

// Leaflet is loaded only with a map on screen.
const ReadOnlyPropertyMap = lazy(() => import('../../../components/map/ReadOnlyPropertyMap'));

interface PlanMapProps {
  customerId: string;
  items: readonly PlanItem[];
  /** The selected item (its zones stand out); null: every zone the plan works on. */
  selectedItemId: string | null;
  onSelect: (itemId: string | null) => void;
}

/**
 * The property map of a plan: the customer's zones, the plan's zones (or one item's) drawn strong
 * and the rest faded; the item list beside it picks what stands out. Read-only, staff and customers.
 */
export function PlanMap({ customerId, items, selectedItemId, onSelect }: PlanMapProps) {
  const { t } = useTranslation('plans');
  const zones = useZones(customerId);
  const place = useCustomerPlace(customerId);
  const all = zones.data ?? [];
  const selected = items.find((item) => item.id === selectedItemId) ?? null;
  const planZoneIds = [...new Set(items.flatMap((item) => zonesOfItem(item, all)))];
  const highlight = selected ? zonesOfItem(selected, all) : planZoneIds;
  const highlighted = all.filter((zone) => highlight.includes(zone.id));

  if (zones.error) return <ErrorState message={zones.error.message} onRetry={() => void zones.refetch()} />;
  if (zones.isPending || place.isPending) return <Skeleton height={360} radius="md" />;
  const latitude = place.data?.latitude ?? null;
  const longitude = place.data?.longitude ?? null;
  if (all.length === 0 && (latitude === null || longitude === null)) {
    return <EmptyState icon={<IconMapPinOff size={28} aria-hidden />} title={t('map.emptyTitle')} description={t('map.emptyText')} />;
  }

  return (
    <Grid gap="md" data-testid="plan-map">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Suspense fallback={<Skeleton height={360} radius="md" />}>
          <ReadOnlyPropertyMap
            latitude={latitude}
            longitude={longitude}
            zones={all}
            height={360}
            label={t('map.label', { name: place.data?.name ?? '' })}
            highlightZoneIds={highlight.length ? highlight : null}
          />
        </Suspense>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="sm">
          <nav aria-label={t('map.pick')} className={classes.picker}>
            <NavLink
              component="button"
              type="button"
              active={selected === null}
              aria-pressed={selected === null}
              label={t('map.allItems')}
              description={t('map.zoneCount', { n: planZoneIds.length })}
              leftSection={<IconStack2 size={16} aria-hidden />}
              onClick={() => onSelect(null)}
            />
            {items.map((item) => {
              const ids = zonesOfItem(item, all);
              return (
                <NavLink
                  key={item.id}
                  component="button"
                  type="button"
                  active={item.id === selectedItemId}
                  aria-pressed={item.id === selectedItemId}
                  label={item.service}
                  description={ids.length ? t('map.zoneCount', { n: ids.length }) : t('items.wholeProperty')}
                  leftSection={<Swatches zones={all.filter((zone) => ids.includes(zone.id))} />}
                  onClick={() => onSelect(item.id)}
                  data-testid="plan-map-item"
                />
              );
            })}
          </nav>
          {highlighted.length > 0 ? (
            <ZoneLegend zones={highlighted} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('map.noZones')}
            </Text>
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function Swatches({ zones }: { zones: readonly CustomerZone[] }) {
  return (
    <span className={classes.swatches} aria-hidden>
      {zones.slice(0, 3).map((zone) => (
        <span key={zone.id} className={classes.swatch} style={{ background: zone.color }} />
      ))}
      {zones.length === 0 && <span className={classes.swatch} />}
    </span>
  );
}
