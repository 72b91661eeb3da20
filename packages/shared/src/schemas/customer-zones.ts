import { z } from 'zod';
import { nameText } from '../text-rules.js';

/*
 * Zones of a customer's map (issue 4, `/customers/{id}/update-map`):
 *   GET    /api/Customers/{id}/zones              → { data: CustomerZone[] }      (anyone who sees the customer)
 *   POST   /api/Customers/{id}/zones              CustomerZoneWrite → 201 CustomerZone   (staff editors)
 *   PUT    /api/Customers/{id}/zones/{zoneId}     CustomerZoneWrite → CustomerZone       (staff editors)
 *   DELETE /api/Customers/{id}/zones/{zoneId}     → 204                                   (staff editors)
 * Geometry is a GeoJSON Polygon or MultiPolygon in WGS 84 ([longitude, latitude]); the area is
 * computed by the server (see polygon-area.ts) and returned in square metres and square feet.
 */

export const ZONE_KINDS = ['turf', 'bed', 'irrigation_zone', 'no_touch', 'other'] as const;
export type ZoneKind = (typeof ZONE_KINDS)[number];

export const ZONE_LIMITS = {
  name: 100,
  notes: 1000,
  /** Positions in one zone, all rings together. */
  maxVertices: 2000,
  /** Rings per polygon (outer + holes) and polygons per MultiPolygon. */
  maxRings: 50,
  maxPolygons: 50,
  /** Zones per customer. */
  maxZones: 500,
} as const;

/** Zone colours are `#rrggbb`. */
export const zoneColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'invalid' });

const longitude = z.number().min(-180, { message: 'invalid' }).max(180, { message: 'invalid' });
const latitude = z.number().min(-90, { message: 'invalid' }).max(90, { message: 'invalid' });

/** [longitude, latitude]; altitude is not accepted. */
export const positionSchema = z.tuple([longitude, latitude]);

/** A linear ring: at least four positions, the last equal to the first (RFC 7946 §3.1.6). */
export const linearRingSchema = z
  .array(positionSchema)
  .min(4, { message: 'invalid' })
  .refine((ring) => ring.length < 4 || (ring[0]![0] === ring.at(-1)![0] && ring[0]![1] === ring.at(-1)![1]), {
    message: 'invalid',
  });

const polygonCoordinates = z.array(linearRingSchema).min(1, { message: 'invalid' }).max(ZONE_LIMITS.maxRings, { message: 'invalid' });

function vertexCount(geometry: { type: string; coordinates: readonly (readonly unknown[])[] }): number {
  const rings = geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();
  return (rings as readonly (readonly unknown[])[]).reduce((total, ring) => total + ring.length, 0);
}

export const zoneGeometrySchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: polygonCoordinates }),
    z.object({
      type: z.literal('MultiPolygon'),
      coordinates: z.array(polygonCoordinates).min(1, { message: 'invalid' }).max(ZONE_LIMITS.maxPolygons, { message: 'invalid' }),
    }),
  ])
  .refine((geometry) => vertexCount(geometry) <= ZONE_LIMITS.maxVertices, { message: 'invalid' });
export type ZoneGeometry = z.infer<typeof zoneGeometrySchema>;

export const customerZoneWriteSchema = z.object({
  name: nameText(ZONE_LIMITS.name),
  kind: z.enum(ZONE_KINDS),
  color: zoneColorSchema,
  geometry: zoneGeometrySchema,
  notes: z.string().trim().max(ZONE_LIMITS.notes).optional().nullable(),
});
export type CustomerZoneWrite = z.infer<typeof customerZoneWriteSchema>;

export const customerZoneSchema = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  name: z.string(),
  kind: z.enum(ZONE_KINDS),
  color: z.string(),
  geometry: zoneGeometrySchema,
  notes: z.string().nullable(),
  areaSqM: z.number(),
  areaSqFt: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomerZone = z.infer<typeof customerZoneSchema>;

export const customerZoneListSchema = z.object({ data: z.array(customerZoneSchema) });
export const customerZoneParamsSchema = z.object({ id: z.uuid({ message: 'invalid' }), zoneId: z.uuid({ message: 'invalid' }) });
