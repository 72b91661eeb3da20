import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber, formatRelative, toDate } from './format';

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
});
