import type { CustomerZone, PlanItem } from '@grove/shared';

/**
 * The zones a plan item works on: the zones it names, or — an item that names kinds instead
 * ("all turf") — every zone of those kinds. None: the whole property.
 */
export function zonesOfItem(item: Pick<PlanItem, 'zoneIds' | 'zoneKinds'>, zones: readonly Pick<CustomerZone, 'id' | 'kind'>[]): string[] {
  if (item.zoneIds.length) return zones.filter((zone) => item.zoneIds.includes(zone.id)).map((zone) => zone.id);
  return zones.filter((zone) => item.zoneKinds.includes(zone.kind)).map((zone) => zone.id);
}
