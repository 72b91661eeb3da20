import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, formatMoney, formatNumber, formatRelative, toDate } from './format';

// Intl output uses narrow no-break spaces in some locales; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatting through Intl in the user language', () => {
  it('formats money per language', () => {
    expect(formatMoney(1234.5, 'USD', 'en')).toBe('$1,234.50');
    expect(plain(formatMoney(1234.5, 'USD', 'de'))).toBe('1.234,50 $');
    expect(plain(formatMoney(1234.5, 'EUR', 'fr'))).toBe('1 234,50 €');
    expect(formatMoney(1234, 'USD', 'ja')).toBe('$1,234.00');
  });

  it('formats numbers per language and leaves missing values empty', () => {
    expect(formatNumber(27.8, {}, 'de')).toBe('27,8');
    expect(formatNumber(null)).toBe('');
  });

  it('treats YYYY-MM-DD as a calendar day that never shifts by time zone', () => {
    const day = toDate('2025-06-01')!;
    expect([day.getFullYear(), day.getMonth(), day.getDate()]).toEqual([2025, 5, 1]);
    expect(formatDate('2025-06-01', { dateStyle: 'long' }, 'en')).toBe('June 1, 2025');
    expect(formatDate('2025-06-01', { dateStyle: 'long' }, 'de')).toBe('1. Juni 2025');
    expect(formatDate('2025-06-01', { dateStyle: 'long' }, 'ja')).toBe('2025年6月1日');
    expect(formatDate(null)).toBe('');
  });

  it('says relative times in the language', () => {
    const now = new Date('2025-06-10T12:00:00Z');
    expect(formatRelative(new Date('2025-06-07T12:00:00Z'), now, 'en')).toBe('3 days ago');
    expect(formatRelative(new Date('2025-06-10T14:00:00Z'), now, 'fr')).toBe('dans 2 heures');
  });

  it('reads a calendar day as a day, never as hours away', () => {
    // Tuesday 24 November 2026, 20:00 on the reader's clock.
    const now = new Date(2026, 10, 24, 20, 0);
    expect(formatRelative('2026-11-24', now, 'en')).toBe('today');
    expect(formatRelative('2026-11-25', now, 'en')).toBe('tomorrow');
    expect(formatRelative('2026-11-23', now, 'en')).toBe('yesterday');
    expect(formatRelative('2026-11-26', now, 'en')).toBe('Thursday');
    expect(formatRelative('2026-11-30', now, 'en')).toBe('Monday');
    expect(formatRelative('2026-12-01', now, 'en')).toBe('Dec 1');
    expect(formatRelative('2026-11-20', now, 'en')).toBe('Nov 20');
    expect(formatRelative('2027-01-15', now, 'en')).toBe('Jan 15, 2027');
    expect(formatDay('2026-11-24', now, 'de')).toBe('heute');
    expect(formatDay('2026-11-26', now, 'de')).toBe('Donnerstag');
    expect(formatDay('2026-11-26', now, 'ja')).toBe('木曜日');
    // Early in the morning too: the day is still today, not "in 4 hours" or "4 hours ago".
    expect(formatRelative('2026-11-24', new Date(2026, 10, 24, 0, 30), 'en')).toBe('today');
    // Instants keep their relative time.
    expect(formatRelative(new Date(2026, 10, 25, 0, 0), now, 'en')).toBe('in 4 hours');
  });
});
