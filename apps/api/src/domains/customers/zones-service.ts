import { and, asc, count, eq, sql } from 'drizzle-orm';
import { ZONE_LIMITS, geometryArea, squareMetresToFeet, validationText, type CustomerZone, type CustomerZoneWrite, type ZoneGeometry } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerZones } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';

/*
 * Zones of the customer map. Reading needs only scope; writing needs the customer's edit right
 * (checked by the routes: editors and the customer's own Account Manager). The area is computed
 * here on every save (polygon-area.ts), never taken from the client.
 */

type ZoneRow = typeof customerZones.$inferSelect;

function toZone(row: ZoneRow): CustomerZone {
  return {
    id: row.id,
    customerId: row.customerId,
    name: row.name,
    kind: row.kind,
    color: row.color,
    geometry: row.geometry as ZoneGeometry,
    notes: row.notes,
    areaSqM: Math.round(row.areaSqM * 100) / 100,
    areaSqFt: Math.round(squareMetresToFeet(row.areaSqM) * 100) / 100,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The area, or a 400 on `geometry` for shapes without one (all points on a line). */
function areaOf(geometry: ZoneGeometry): number {
  const area = geometryArea(geometry);
  if (!(area > 0.01)) throw badRequest({ geometry: [validationText('invalid')] });
  return area;
}

export async function listZones(db: Db, customerId: string): Promise<CustomerZone[]> {
  const rows = await db.select().from(customerZones).where(eq(customerZones.customerId, customerId)).orderBy(asc(customerZones.name), asc(customerZones.id));
  return rows.map(toZone);
}

export async function createZone(db: Db, customerId: string, userId: string, input: CustomerZoneWrite): Promise<CustomerZone> {
  const areaSqM = areaOf(input.geometry);
  const [existing] = await db.select({ n: count() }).from(customerZones).where(eq(customerZones.customerId, customerId));
  if ((existing?.n ?? 0) >= ZONE_LIMITS.maxZones) throw conflict(`A customer map can hold at most ${ZONE_LIMITS.maxZones} zones.`);
  const [row] = await db
    .insert(customerZones)
    .values({ customerId, name: input.name, kind: input.kind, color: input.color.toLowerCase(), geometry: input.geometry, notes: input.notes || null, areaSqM, createdById: userId })
    .returning();
  return toZone(row!);
}

export async function updateZone(db: Db, customerId: string, zoneId: string, input: CustomerZoneWrite): Promise<CustomerZone> {
  const areaSqM = areaOf(input.geometry);
  const [row] = await db
    .update(customerZones)
    .set({ name: input.name, kind: input.kind, color: input.color.toLowerCase(), geometry: input.geometry, notes: input.notes || null, areaSqM, updatedAt: sql`now()` })
    .where(and(eq(customerZones.id, zoneId), eq(customerZones.customerId, customerId)))
    .returning();
  if (!row) throw notFound();
  return toZone(row);
}

export async function deleteZone(db: Db, customerId: string, zoneId: string): Promise<void> {
  const rows = await db
    .delete(customerZones)
    .where(and(eq(customerZones.id, zoneId), eq(customerZones.customerId, customerId)))
    .returning({ id: customerZones.id });
  if (rows.length === 0) throw notFound();
}
