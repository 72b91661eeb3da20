import { describe, expect, it } from 'vitest';
import { defaultPair } from './VersionCompare';

describe('defaultPair', () => {
  it('compares what the customer acknowledged with the current version', () => {
    expect(defaultPair({ version: 4, acknowledgedVersion: 2 })).toEqual([2, 4]);
  });

  it('compares the previous version when nothing older is acknowledged', () => {
    expect(defaultPair({ version: 3, acknowledgedVersion: null })).toEqual([2, 3]);
    expect(defaultPair({ version: 3, acknowledgedVersion: 3 })).toEqual([2, 3]);
  });
});
