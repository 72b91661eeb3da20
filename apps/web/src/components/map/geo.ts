import type { ZoneGeometry } from '@grove/shared';

/** [latitude, longitude], Leaflet's order (GeoJSON's is the reverse). */
export type LatLngTuple = [number, number];

export function ringToLatLngs(ring: readonly (readonly number[])[]): LatLngTuple[] {
  // GeoJSON repeats the first position at the end; Leaflet closes polygons itself.
  const open = ring.length > 1 && ring[0]![0] === ring.at(-1)![0] && ring[0]![1] === ring.at(-1)![1] ? ring.slice(0, -1) : ring;
  return open.map((position) => [position[1]!, position[0]!]);
}

/** Leaflet's nested lat/lng arrays of a Polygon or MultiPolygon. */
export function geometryToLatLngs(geometry: ZoneGeometry): LatLngTuple[][] | LatLngTuple[][][] {
  if (geometry.type === 'Polygon') return geometry.coordinates.map(ringToLatLngs);
  return geometry.coordinates.map((polygon) => polygon.map(ringToLatLngs));
}

/** Every position of a geometry as [lat, lng], for fitting the view. */
export function geometryPoints(geometry: ZoneGeometry): LatLngTuple[] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.flatMap((polygon) => polygon.flatMap(ringToLatLngs));
}
