import { describe, expect, it } from 'vitest';
import { localDay, possibleDays } from './local-day.js';

describe('localDay', () => {
  it('gives the wall-clock date of the zone, not UTC', () => {
    const lateEvening = new Date('2026-06-10T02:30:00Z'); // 22:30 on 9 June in Atlanta, 11:30 on 10 June in Tokyo
    expect(localDay(lateEvening, 'America/New_York')).toBe('2026-06-09');
    expect(localDay(lateEvening, 'Asia/Tokyo')).toBe('2026-06-10');
    expect(localDay(lateEvening, 'UTC')).toBe('2026-06-10');
  });

  it('crosses a year end and a daylight-saving change', () => {
    expect(localDay(new Date('2027-01-01T04:59:59Z'), 'America/New_York')).toBe('2026-12-31');
    expect(localDay(new Date('2027-01-01T05:00:00Z'), 'America/New_York')).toBe('2027-01-01');
    // 8 March 2026: US clocks spring forward; until 06:00 UTC it is still 7 March in Chicago (CST).
    expect(localDay(new Date('2026-03-08T05:59:00Z'), 'America/Chicago')).toBe('2026-03-07');
    expect(localDay(new Date('2026-03-08T06:00:00Z'), 'America/Chicago')).toBe('2026-03-08');
  });

  it('falls back to the default zone for a missing or unknown zone', () => {
    const instant = new Date('2026-06-10T02:30:00Z');
    expect(localDay(instant, null)).toBe('2026-06-09');
    expect(localDay(instant, 'Not/AZone')).toBe('2026-06-09');
  });

  it('bounds the days that are today somewhere', () => {
    expect(possibleDays(new Date('2026-06-10T02:30:00Z'))).toEqual({ earliest: '2026-06-09', latest: '2026-06-10' });
    expect(possibleDays(new Date('2026-06-10T11:00:00Z'))).toEqual({ earliest: '2026-06-09', latest: '2026-06-11' });
  });
});
