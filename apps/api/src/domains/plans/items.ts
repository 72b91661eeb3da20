import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { planItemInputSchema} from '@grove/shared';
import { validationText, type PlanItem } from '@grove/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { customerZones } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { listCatalogueServices } from '../orange-reports/index.js';

/*
 * Items as templates and plans share them: normalising input, checking zones against the
 * property, and picking a property's zones for the zone kinds a global template names.
 */

export type ItemInput = z.output<typeof planItemInputSchema>;
type Reader = Pick<Db, 'select'>;

/** Trimmed, defaults filled, ids kept (new items and duplicate ids get fresh ones). */
export function normaliseItems(items: readonly ItemInput[]): PlanItem[] {
  const seen = new Set<string>();
  return items.map((item) => {
    const id = item.id && !seen.has(item.id.toLowerCase()) ? item.id.toLowerCase() : randomUUID();
    seen.add(id);
    return {
      id,
      serviceId: item.serviceId ?? null,
      service: item.service,
      description: item.description ?? '',
      frequency: item.frequency,
      zoneIds: [...new Set(item.zoneIds.map((zone) => zone.toLowerCase()))],
      zoneKinds: [...new Set(item.zoneKinds)],
      notes: item.notes ?? '',
    };
  });
}

/**
 * 400 on `items.N.zoneIds` when an item names a zone that is not on this customer's map; a global
 * template (no customer) names zone kinds, not zones.
 */
export async function assertZonesOf(db: Reader, customerId: string | null, items: readonly PlanItem[]): Promise<void> {
  const named = [...new Set(items.flatMap((item) => item.zoneIds))];
  if (named.length === 0) return;
  const known = customerId
    ? new Set(
        (
          await db
            .select({ id: customerZones.id })
            .from(customerZones)
            .where(and(eq(customerZones.customerId, customerId), inArray(customerZones.id, named)))
        ).map((row) => row.id),
      )
    : new Set<string>();
  const errors: Record<string, string[]> = {};
  items.forEach((item, index) => {
    if (item.zoneIds.some((zone) => !known.has(zone))) errors[`items.${index}.zoneIds`] = [validationText('invalid')];
  });
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

/**
 * Items for a customer from a template: zones of the template kept when they are this
 * customer's, plus the customer's zones of the kinds the item names. Each copy gets new ids.
 */
export async function itemsForCustomer(db: Reader, customerId: string, items: readonly PlanItem[]): Promise<PlanItem[]> {
  const zones = await db.select({ id: customerZones.id, kind: customerZones.kind }).from(customerZones).where(eq(customerZones.customerId, customerId));
  const own = new Set(zones.map((zone) => zone.id));
  return items.map((item) => {
    const byKind = zones.filter((zone) => item.zoneKinds.includes(zone.kind)).map((zone) => zone.id);
    return {
      ...item,
      id: randomUUID(),
      zoneIds: [...new Set([...item.zoneIds.filter((zone) => own.has(zone)), ...byKind])],
    };
  });
}

/**
 * 400 on `items.N.serviceId` for a service that is not in the orange-report catalogue (retired
 * services stay valid: an older template may name one).
 */
export async function assertCatalogueServices(db: Reader, items: readonly PlanItem[]): Promise<void> {
  const ids = [...new Set(items.flatMap((item) => (item.serviceId ? [item.serviceId] : [])))];
  if (ids.length === 0) return;
  const known = new Set((await listCatalogueServices(db as Db, { ids, includeRetired: true })).map((service) => service.id));
  const errors: Record<string, string[]> = {};
  items.forEach((item, index) => {
    if (item.serviceId && !known.has(item.serviceId)) errors[`items.${index}.serviceId`] = [validationText('invalid')];
  });
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}
