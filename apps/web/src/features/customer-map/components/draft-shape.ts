import { geometryArea, type ZoneGeometry } from '@grove/shared';

/**
 * The zone shape the page keeps while a zone is drawn or edited (leaflet-geoman does the drawing,
 * decision 038): its checks, its area and its GeoJSON form. Vertices are [latitude, longitude]
 * (Leaflet's order) and the ring is kept open: the closing position is added only when the shape
 * becomes GeoJSON ([longitude, latitude], first = last).
 */
export type Vertex = readonly [number, number];

export const MIN_VERTICES = 3;

function orientation(p: Vertex, q: Vertex, r: Vertex): number {
  const value = (q[1] - p[1]) * (r[0] - q[0]) - (q[0] - p[0]) * (r[1] - q[1]);
  if (Math.abs(value) < 1e-18) return 0;
  return value > 0 ? 1 : 2;
}

function onSegment(p: Vertex, q: Vertex, r: Vertex): boolean {
  return q[0] <= Math.max(p[0], r[0]) && q[0] >= Math.min(p[0], r[0]) && q[1] <= Math.max(p[1], r[1]) && q[1] >= Math.min(p[1], r[1]);
}

/** Whether segments p1q1 and p2q2 cross or touch. */
export function segmentsIntersect(p1: Vertex, q1: Vertex, p2: Vertex, q2: Vertex): boolean {
  const o1 = orientation(p1, q1, p2);
  const o2 = orientation(p1, q1, q2);
  const o3 = orientation(p2, q2, p1);
  const o4 = orientation(p2, q2, q1);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSegment(p1, p2, q1)) return true;
  if (o2 === 0 && onSegment(p1, q2, q1)) return true;
  if (o3 === 0 && onSegment(p2, p1, q2)) return true;
  if (o4 === 0 && onSegment(p2, q1, q2)) return true;
  return false;
}

/** Whether the closed ring crosses itself (a bow tie has no meaningful area). */
export function selfIntersects(vertices: readonly Vertex[]): boolean {
  const n = vertices.length;
  if (n < 4) return false;
  for (let i = 0; i < n; i++) {
    const a1 = vertices[i]!;
    const a2 = vertices[(i + 1) % n]!;
    for (let j = i + 1; j < n; j++) {
      // Neighbouring edges share a vertex; that is not a crossing.
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentsIntersect(a1, a2, vertices[j]!, vertices[(j + 1) % n]!)) return true;
    }
  }
  return false;
}

/** GeoJSON Polygon of the open ring: [longitude, latitude], first position repeated last. */
export function toPolygon(vertices: readonly Vertex[]): ZoneGeometry {
  const ring = vertices.map(([lat, lng]) => [lng, lat] as [number, number]);
  if (ring.length) ring.push([...ring[0]!] as [number, number]);
  return { type: 'Polygon', coordinates: [ring] };
}

/** The vertices of a zone the tool can edit: a Polygon without holes. Others (MultiPolygon, holes): null. */
export function fromGeometry(geometry: ZoneGeometry): Vertex[] | null {
  if (geometry.type !== 'Polygon' || geometry.coordinates.length !== 1) return null;
  const ring = geometry.coordinates[0]!;
  const open = ring.length > 1 && ring[0]![0] === ring.at(-1)![0] && ring[0]![1] === ring.at(-1)![1] ? ring.slice(0, -1) : ring;
  return open.map(([lng, lat]) => [lat, lng] as const);
}

/** Area in square metres of the shape so far (zero below a triangle). */
export function draftArea(vertices: readonly Vertex[]): number {
  return vertices.length < MIN_VERTICES ? 0 : geometryArea(toPolygon(vertices));
}

export type FinishProblem = 'tooFewPoints' | 'selfIntersecting' | 'noArea';

/** Why the shape cannot be closed yet, or null when it can. */
export function finishProblem(vertices: readonly Vertex[]): FinishProblem | null {
  if (vertices.length < MIN_VERTICES) return 'tooFewPoints';
  if (selfIntersects(vertices)) return 'selfIntersecting';
  if (draftArea(vertices) <= 0.01) return 'noArea';
  return null;
}
