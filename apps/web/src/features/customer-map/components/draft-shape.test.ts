import { describe, expect, it } from 'vitest';
import { customerZoneWriteSchema } from '@grove/shared';
import { draftArea, finishProblem, fromGeometry, selfIntersects, toPolygon, type Vertex } from './draft-shape';

// A square of about 100 m × 100 m in Marietta, GA ([lat, lng]).
const square: Vertex[] = [
  [33.95, -84.55],
  [33.95, -84.548_92],
  [33.950_9, -84.548_92],
  [33.950_9, -84.55],
];

describe('zone shape being drawn', () => {
  it('closes only a real shape: three points at least, no crossing, some area', () => {
    expect(finishProblem(square.slice(0, 2))).toBe('tooFewPoints');
    expect(finishProblem(square)).toBeNull();
    const bowTie: Vertex[] = [square[0]!, square[2]!, square[1]!, square[3]!];
    expect(selfIntersects(bowTie)).toBe(true);
    expect(finishProblem(bowTie)).toBe('selfIntersecting');
    const line: Vertex[] = [
      [33.95, -84.55],
      [33.951, -84.55],
      [33.952, -84.55],
    ];
    expect(finishProblem(line)).toBe('noArea');
  });

  it('turns the open ring into a valid GeoJSON polygon the API accepts, and back', () => {
    const geometry = toPolygon(square);
    expect(geometry).toEqual({
      type: 'Polygon',
      coordinates: [[[-84.55, 33.95], [-84.548_92, 33.95], [-84.548_92, 33.950_9], [-84.55, 33.950_9], [-84.55, 33.95]]],
    });
    expect(customerZoneWriteSchema.safeParse({ name: 'Front lawn', kind: 'turf', color: '#4caf50', geometry }).success).toBe(true);
    expect(fromGeometry(geometry)).toEqual(square);
  });

  it('refuses to edit shapes it cannot represent (several parts, holes)', () => {
    const ring = (toPolygon(square) as { coordinates: [number, number][][] }).coordinates[0]!;
    expect(fromGeometry({ type: 'MultiPolygon', coordinates: [[ring], [ring]] })).toBeNull();
    expect(fromGeometry({ type: 'Polygon', coordinates: [ring, ring] })).toBeNull();
  });

  it('computes the area while drawing (about 10 000 m² for the square)', () => {
    expect(draftArea(square.slice(0, 2))).toBe(0);
    const area = draftArea(square);
    expect(area).toBeGreaterThan(9_500);
    expect(area).toBeLessThan(10_500);
  });
});
