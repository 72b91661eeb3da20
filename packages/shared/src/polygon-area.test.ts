import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_M, geometryArea, polygonArea, ringArea, squareMetresToFeet } from './polygon-area.js';

const rad = (d: number) => (d * Math.PI) / 180;
/** Exact area of a latitude/longitude rectangle on the sphere: R² · Δλ · (sin φ₂ − sin φ₁). */
const rectangle = (lon1: number, lat1: number, lon2: number, lat2: number) =>
  EARTH_RADIUS_M ** 2 * rad(lon2 - lon1) * (Math.sin(rad(lat2)) - Math.sin(rad(lat1)));
const box = (lon1: number, lat1: number, lon2: number, lat2: number) => [
  [lon1, lat1],
  [lon2, lat1],
  [lon2, lat2],
  [lon1, lat2],
  [lon1, lat1],
];

describe('polygon area on the sphere', () => {
  it('is exact for a one-degree cell at the equator (about 12 391 km²)', () => {
    const area = ringArea(box(0, 0, 1, 1));
    expect(area).toBeCloseTo(rectangle(0, 0, 1, 1), 0);
    expect(area / 1e6).toBeCloseTo(12_391.4, 0);
  });

  it('does not depend on the ring’s direction, nor on the closing position', () => {
    const ring = box(-84.56, 33.95, -84.55, 33.96);
    expect(ringArea([...ring].reverse())).toBeCloseTo(ringArea(ring), 6);
    expect(ringArea(ring.slice(0, 4))).toBeCloseTo(ringArea(ring), 6);
  });

  it('gives a property-sized square in Marietta in square metres and feet', () => {
    // 0.001° × 0.001° at 33.95° N: about 111.3 m × 92.3 m.
    const area = polygonArea([box(-84.566, 33.95, -84.565, 33.951)]);
    expect(area).toBeCloseTo(rectangle(-84.566, 33.95, -84.565, 33.951), 3);
    expect(area).toBeGreaterThan(10_200);
    expect(area).toBeLessThan(10_350);
    expect(squareMetresToFeet(area)).toBeCloseTo(area * 10.7639104, 3);
  });

  it('subtracts holes and adds the parts of a MultiPolygon', () => {
    const outer = box(0, 0, 0.01, 0.01);
    const hole = box(0.002, 0.002, 0.004, 0.004);
    const withHole = polygonArea([outer, hole]);
    expect(withHole).toBeCloseTo(ringArea(outer) - ringArea(hole), 3);
    const multi = geometryArea({ type: 'MultiPolygon', coordinates: [[outer, hole], [box(1, 1, 1.01, 1.01)]] });
    expect(multi).toBeCloseTo(withHole + ringArea(box(1, 1, 1.01, 1.01)), 3);
  });

  it('is zero for degenerate shapes', () => {
    expect(ringArea([[0, 0], [1, 1]])).toBe(0);
    expect(ringArea([[0, 0], [1, 0], [2, 0], [0, 0]])).toBeCloseTo(0, 6);
    expect(polygonArea([])).toBe(0);
  });
});
