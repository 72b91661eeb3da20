import { describe, expect, it } from 'vitest';
import { zonesOfItem } from './plan-map';

const zones = [
  { id: 'z1', kind: 'turf' as const },
  { id: 'z2', kind: 'bed' as const },
  { id: 'z3', kind: 'turf' as const },
];

describe('zonesOfItem', () => {
  it('takes the zones an item names, in map order, and ignores ids the map no longer has', () => {
    expect(zonesOfItem({ zoneIds: ['z3', 'gone', 'z1'], zoneKinds: ['bed'] }, zones)).toEqual(['z1', 'z3']);
  });

  it('takes every zone of the kinds an item names when it names no zones', () => {
    expect(zonesOfItem({ zoneIds: [], zoneKinds: ['turf'] }, zones)).toEqual(['z1', 'z3']);
  });

  it('takes none for the whole property', () => {
    expect(zonesOfItem({ zoneIds: [], zoneKinds: [] }, zones)).toEqual([]);
  });
});
