import { geometryArea, type ZoneGeometry } from '@grove/shared';

/**
 * The polygon drawing tool's logic, free of Leaflet and React so it can be tested on its own.
 * Vertices are [latitude, longitude] (Leaflet's order) and the ring is kept open: the closing
 * position is added only when the shape becomes GeoJSON ([longitude, latitude], first = last).
 */
export type Vertex = readonly [number, number];

export const MIN_VERTICES = 3;
/** A click this close (screen pixels) to the first vertex closes the shape; to the last one is ignored. */
export const SNAP_PX = 10;

const same = (a: Vertex, b: Vertex) => a[0] === b[0] && a[1] === b[1];

/** Adds a vertex at the end; a repeat of the last one (the second click of a double-click) is ignored. */
export function addVertex(vertices: readonly Vertex[], vertex: Vertex): Vertex[] {
  const last = vertices.at(-1);
  if (last && same(last, vertex)) return [...vertices];
  return [...vertices, vertex];
}

export function moveVertex(vertices: readonly Vertex[], index: number, vertex: Vertex): Vertex[] {
  if (index < 0 || index >= vertices.length) return [...vertices];
  return vertices.map((current, i) => (i === index ? vertex : current));
}

/** Inserts a vertex after `index` (dragging an edge's midpoint handle). */
export function insertVertex(vertices: readonly Vertex[], index: number, vertex: Vertex): Vertex[] {
  const at = Math.max(0, Math.min(vertices.length, index + 1));
  return [...vertices.slice(0, at), vertex, ...vertices.slice(at)];
}

/** A closed shape keeps at least a triangle; while drawing any vertex may go. */
export function canRemoveVertex(vertices: readonly Vertex[], closed: boolean): boolean {
  return closed ? vertices.length > MIN_VERTICES : vertices.length > 0;
}

export function removeVertex(vertices: readonly Vertex[], index: number, closed: boolean): Vertex[] {
  if (!canRemoveVertex(vertices, closed) || index < 0 || index >= vertices.length) return [...vertices];
  return vertices.filter((_, i) => i !== index);
}

/** Midpoints of every edge, the closing edge included: handles that add a vertex when dragged. */
export function midpoints(vertices: readonly Vertex[]): Vertex[] {
  if (vertices.length < 2) return [];
  return vertices.map((vertex, i) => {
    const next = vertices[(i + 1) % vertices.length]!;
    return [(vertex[0] + next[0]) / 2, (vertex[1] + next[1]) / 2] as const;
  });
}

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

/** Screen distance check for snapping clicks to a vertex. */
export function isNear(a: { x: number; y: number }, b: { x: number; y: number }, tolerance = SNAP_PX): boolean {
  return Math.hypot(a.x - b.x, a.y - b.y) <= tolerance;
}
