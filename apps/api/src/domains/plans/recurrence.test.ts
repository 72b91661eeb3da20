import { describe, expect, it } from 'vitest';
import { datesOutside, expandFrequency, quarterEnd, resolveDate } from './recurrence.js';

describe('plan recurrence (rrule)', () => {
  it('a quarter is 90 days: start + 89', () => {
    expect(quarterEnd('2026-03-01')).toBe('2026-05-29');
    expect(quarterEnd('2026-12-01')).toBe('2027-02-28');
  });

  it('weekly across a month boundary', () => {
    // 2026-03-24 is a Tuesday.
    const dates = expandFrequency({ kind: 'weekly', weekday: 'tue' }, '2026-03-20');
    expect(dates.slice(0, 4)).toEqual(['2026-03-24', '2026-03-31', '2026-04-07', '2026-04-14']);
    expect(dates).toHaveLength(13);
    expect(dates.at(-1)).toBe('2026-06-16');
    expect(dates.every((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 2)).toBe(true);
  });

  it('every 2 weeks, from the first matching weekday on or after the start', () => {
    const dates = expandFrequency({ kind: 'everyNWeeks', interval: 2, weekday: 'mon' }, '2026-03-01');
    expect(dates).toEqual(['2026-03-02', '2026-03-16', '2026-03-30', '2026-04-13', '2026-04-27', '2026-05-11', '2026-05-25']);
  });

  it('a date list: month-days resolve into the quarter (a winter plan crosses the year), full dates stay', () => {
    expect(expandFrequency({ kind: 'dates', dates: ['01-15', '12-10', '02-20'] }, '2026-12-01')).toEqual(['2026-12-10', '2027-01-15', '2027-02-20']);
    expect(expandFrequency({ kind: 'dates', dates: ['2026-04-02', '2026-04-01', '2026-04-02'] }, '2026-03-01')).toEqual(['2026-04-01', '2026-04-02']);
    // Outside the quarter, or not a real day: dropped and reported.
    expect(expandFrequency({ kind: 'dates', dates: ['07-04', '02-30'] }, '2026-03-01')).toEqual([]);
    expect(datesOutside({ kind: 'dates', dates: ['04-01', '07-04', '02-30'] }, '2026-03-01')).toEqual(['07-04', '02-30']);
    expect(resolveDate('02-29', '2027-12-01', '2028-02-28')).toBeNull();
    expect(resolveDate('02-29', '2027-12-15', '2028-03-13')).toBe('2028-02-29');
  });

  it('monthly on a day, and once in week N', () => {
    expect(expandFrequency({ kind: 'monthly', dayOfMonth: 5 }, '2026-03-10')).toEqual(['2026-04-05', '2026-05-05', '2026-06-05']);
    expect(expandFrequency({ kind: 'once', week: 3, weekday: 'thu' }, '2026-03-01')).toEqual(['2026-03-19']);
    expect(expandFrequency({ kind: 'once', week: 13, weekday: 'fri' }, '2026-03-01')).toEqual(['2026-05-29']);
  });
});
