/**
 * Area of GeoJSON polygons on the sphere, in square metres (and feet). Shared so the map can show
 * the area while drawing; the server computes the stored value with the same function.
 *
 * Formula: Chamberlain & Duquette, "Some algorithms for polygons on a sphere" (JPL, 2007), the one
 * Mapbox's geojson-area and Turf use: for a ring of (λ, φ) in radians,
 *   A = |Σ (λ₂ − λ₁)(2 + sin φ₁ + sin φ₂)| · R² / 2
 * with R the WGS 84 equatorial radius. Exact for edges along parallels, and well within a per-mille
 * for property-sized shapes — enough for turf and bed areas; no GIS library needed.
 */

export const EARTH_RADIUS_M = 6_378_137;
export const SQUARE_FEET_PER_SQUARE_METRE = 10.763_910_416_709_722;

/** [longitude, latitude] in degrees, as GeoJSON orders them. */
export type LonLat = readonly [number, number] | readonly number[];
export type Ring = readonly LonLat[];
export type PolygonCoordinates = readonly Ring[];

export type AreaGeometry =
  | { type: 'Polygon'; coordinates: PolygonCoordinates }
  | { type: 'MultiPolygon'; coordinates: readonly PolygonCoordinates[] };

const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Unsigned area of one closed ring (first position repeated last, or not: the sum closes it). */
export function ringArea(ring: Ring): number {
  const n = ring.length;
  if (n < 3) return 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const [lon1, lat1] = ring[i]! as [number, number];
    const [lon2, lat2] = ring[(i + 1) % n]! as [number, number];
    sum += rad(lon2 - lon1) * (2 + Math.sin(rad(lat1)) + Math.sin(rad(lat2)));
  }
  return Math.abs((sum * EARTH_RADIUS_M * EARTH_RADIUS_M) / 2);
}

/** Outer ring minus its holes (never below zero). */
export function polygonArea(rings: PolygonCoordinates): number {
  const [outer, ...holes] = rings;
  if (!outer) return 0;
  const area = ringArea(outer) - holes.reduce((total, hole) => total + ringArea(hole), 0);
  return Math.max(0, area);
}

/** Area in square metres of a Polygon or MultiPolygon. */
export function geometryArea(geometry: AreaGeometry): number {
  if (geometry.type === 'Polygon') return polygonArea(geometry.coordinates);
  return geometry.coordinates.reduce((total, polygon) => total + polygonArea(polygon), 0);
}

export function squareMetresToFeet(squareMetres: number): number {
  return squareMetres * SQUARE_FEET_PER_SQUARE_METRE;
}
