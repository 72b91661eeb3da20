import { describe, expect, it } from 'vitest';
import { addBusinessHours, dueAt, instantOfWallClock, localYear } from './business-hours.js';

const NY = 'America/New_York';
const iso = (value: string) => new Date(value);
const add = (start: string, hours: number, tz = NY) => addBusinessHours(iso(start), hours, tz).toISOString();

describe('addBusinessHours (Mon–Fri 08:00–17:00 local)', () => {
  it('counts within one working day', () => {
    // Tue 2024-06-11 10:00 EDT (14:00Z) + 3h → 13:00 EDT.
    expect(add('2024-06-11T14:00:00Z', 3)).toBe('2024-06-11T17:00:00.000Z');
  });

  it('carries the rest over to the next morning', () => {
    // Tue 15:00 EDT + 4h → 2h today, 2h from Wed 08:00 → Wed 10:00 EDT.
    expect(add('2024-06-11T19:00:00Z', 4)).toBe('2024-06-12T14:00:00.000Z');
  });

  it('treats one business day (9 h) as the same clock time on the next working day', () => {
    expect(add('2024-06-11T14:00:00Z', 9)).toBe('2024-06-12T14:00:00.000Z');
    // Three business days from Wed 10:00 → Mon 10:00.
    expect(add('2024-06-12T14:00:00Z', 27)).toBe('2024-06-17T14:00:00.000Z');
  });

  it('skips the weekend: Friday afternoon → Monday morning', () => {
    // Fri 2024-06-14 16:00 EDT + 2h → 1h Friday, 1h Monday → Mon 09:00 EDT.
    expect(add('2024-06-14T20:00:00Z', 2)).toBe('2024-06-17T13:00:00.000Z');
  });

  it('starts counting at the next opening when filed on a weekend, at night or early morning', () => {
    // Sat 2024-06-15 11:00 EDT + 1h → Mon 09:00.
    expect(add('2024-06-15T15:00:00Z', 1)).toBe('2024-06-17T13:00:00.000Z');
    // Sun 23:30 EDT.
    expect(add('2024-06-17T03:30:00Z', 1)).toBe('2024-06-17T13:00:00.000Z');
    // Tue 20:00 EDT (Wed 00:00Z) + 1h → Wed 09:00 EDT.
    expect(add('2024-06-12T00:00:00Z', 1)).toBe('2024-06-12T13:00:00.000Z');
    // Tue 06:00 EDT + 1h → Tue 09:00 EDT.
    expect(add('2024-06-11T10:00:00Z', 1)).toBe('2024-06-11T13:00:00.000Z');
  });

  it('ends exactly at closing time instead of rolling to the next morning', () => {
    // Tue 08:00 EDT + 9h → Tue 17:00 EDT.
    expect(add('2024-06-11T12:00:00Z', 9)).toBe('2024-06-11T21:00:00.000Z');
  });

  it('uses the local date, not the UTC date, near midnight', () => {
    // Los Angeles: Fri 2024-06-14 22:00 PDT is Sat 05:00Z; counting starts Mon 08:00 PDT.
    expect(add('2024-06-15T05:00:00Z', 1, 'America/Los_Angeles')).toBe('2024-06-17T16:00:00.000Z');
    // Sydney: Mon 2024-06-17 07:00 AEST is Sun 21:00Z; counting starts Mon 08:00 AEST (Sun 22:00Z).
    expect(add('2024-06-16T21:00:00Z', 2, 'Australia/Sydney')).toBe('2024-06-17T00:00:00.000Z');
  });

  it('keeps local opening hours across the spring-forward DST change', () => {
    // Fri 2024-03-08 16:00 EST (21:00Z) + 2h → Mon 2024-03-11 09:00 EDT = 13:00Z (offset changed Sunday).
    expect(add('2024-03-08T21:00:00Z', 2)).toBe('2024-03-11T13:00:00.000Z');
  });

  it('keeps local opening hours across the fall-back DST change', () => {
    // Fri 2024-11-01 16:00 EDT (20:00Z) + 2h → Mon 2024-11-04 09:00 EST = 14:00Z.
    expect(add('2024-11-01T20:00:00Z', 2)).toBe('2024-11-04T14:00:00.000Z');
  });

  it('follows European DST dates, which differ from American ones', () => {
    // Berlin switches on Sun 2024-03-31. Fri 2024-03-29 16:00 CET (15:00Z) + 2h → Mon 09:00 CEST = 07:00Z.
    expect(add('2024-03-29T15:00:00Z', 2, 'Europe/Berlin')).toBe('2024-04-01T07:00:00.000Z');
  });

  it('works in zones without DST', () => {
    // Tokyo: Fri 2024-06-14 16:30 JST (07:30Z) + 1h → Mon 08:30 JST (Sun 23:30Z).
    expect(add('2024-06-14T07:30:00Z', 1, 'Asia/Tokyo')).toBe('2024-06-16T23:30:00.000Z');
  });

  it('counts long targets over several weeks (low priority: 14 business days)', () => {
    // Mon 2024-06-03 10:00 EDT + 126h (14 days) → Fri 2024-06-21 10:00 EDT (weekends skipped twice, no holidays).
    expect(add('2024-06-03T14:00:00Z', 126)).toBe('2024-06-21T14:00:00.000Z');
  });

  it('returns the start for a zero target', () => {
    expect(add('2024-06-15T15:00:00Z', 0)).toBe('2024-06-15T15:00:00.000Z');
  });
});

describe('dueAt', () => {
  it('counts calendar hours around the clock for a calendar priority (emergency)', () => {
    // Sat 2024-06-15 23:00 EDT + 4h → Sun 03:00 EDT, weekend or not.
    expect(dueAt(iso('2024-06-16T03:00:00Z'), 4, 'calendar', NY).toISOString()).toBe('2024-06-16T07:00:00.000Z');
  });

  it('counts business hours for a business priority', () => {
    expect(dueAt(iso('2024-06-15T15:00:00Z'), 1, 'business', NY).toISOString()).toBe('2024-06-17T13:00:00.000Z');
  });
});

describe('wall clock helpers', () => {
  it('finds the instant of a local time on both sides of a DST change', () => {
    expect(new Date(instantOfWallClock({ year: 2024, month: 3, day: 9 }, 8, 0, NY)).toISOString()).toBe('2024-03-09T13:00:00.000Z');
    expect(new Date(instantOfWallClock({ year: 2024, month: 3, day: 11 }, 8, 0, NY)).toISOString()).toBe('2024-03-11T12:00:00.000Z');
  });

  it('gives the local year at new year', () => {
    // 2025-01-01 03:00Z is still 2024 in New York.
    expect(localYear(iso('2025-01-01T03:00:00Z'), NY)).toBe(2024);
    expect(localYear(iso('2025-01-01T03:00:00Z'), 'Europe/Berlin')).toBe(2025);
  });
});
