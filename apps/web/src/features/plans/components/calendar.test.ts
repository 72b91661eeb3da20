import { describe, expect, it } from 'vitest';
import { addDaysTo, monthWeeks, monthsBetween, weekStart } from './calendar';

describe('plan calendar arithmetic', () => {
  it('adds days across month and year ends', () => {
    expect(addDaysTo('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDaysTo('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysTo('2026-03-01', 89)).toBe('2026-05-29');
  });

  it('starts weeks on Monday', () => {
    expect(weekStart('2026-04-05')).toBe('2026-03-30'); // a Sunday
    expect(weekStart('2026-04-06')).toBe('2026-04-06'); // a Monday
  });

  it('lists the months of a quarter that crosses a year', () => {
    expect(monthsBetween('2026-12-01', '2027-02-28')).toEqual(['2026-12', '2027-01', '2027-02']);
  });

  it('lays out a month in whole weeks', () => {
    const weeks = monthWeeks('2026-02');
    expect(weeks[0]![0]).toBe('2026-01-26');
    expect(weeks.at(-1)![6]).toBe('2026-03-01');
    expect(weeks.flat().filter((day) => day.startsWith('2026-02'))).toHaveLength(28);
  });
});
