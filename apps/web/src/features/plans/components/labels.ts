import { useTranslation } from 'react-i18next';
import { WEEKDAYS, type PlanFrequency, type Weekday } from '@grove/shared';
import { formatDate } from '../../../app/format';

/** 1 January 2024 was a Monday: weekday names through Intl in the reader's language. */
export function weekdayName(weekday: Weekday, style: 'long' | 'short' = 'long'): string {
  return formatDate(new Date(2024, 0, 1 + WEEKDAYS.indexOf(weekday)), { weekday: style });
}

/** `MM-DD` (a day of any year) or `YYYY-MM-DD`, formatted without or with the year. */
export function dayLabel(entry: string): string {
  if (entry.length === 10) return formatDate(entry, { month: 'short', day: 'numeric', year: 'numeric' });
  const [month, day] = entry.split('-').map(Number);
  return formatDate(new Date(2024, (month ?? 1) - 1, day ?? 1), { month: 'short', day: 'numeric' });
}

/** "Weekly on Tuesday", "Every 2 weeks on Monday", "On Apr 15, May 20"… in the user's language. */
export function useFrequencyText() {
  const { t } = useTranslation('plans');
  return (frequency: PlanFrequency): string => {
    switch (frequency.kind) {
      case 'once':
        return t('frequency.onceText', { week: frequency.week, weekday: weekdayName(frequency.weekday) });
      case 'weekly':
        return t('frequency.weeklyText', { weekday: weekdayName(frequency.weekday) });
      case 'everyNWeeks':
        return t('frequency.everyNWeeksText', { n: frequency.interval, weekday: weekdayName(frequency.weekday) });
      case 'monthly':
        return t('frequency.monthlyText', { day: frequency.dayOfMonth });
      case 'dates':
        return t('frequency.datesText', { dates: frequency.dates.map(dayLabel).join(', ') });
    }
  };
}

/** A fresh frequency of a kind, keeping the weekday when there was one. */
export function frequencyOfKind(kind: PlanFrequency['kind'], previous?: PlanFrequency): PlanFrequency {
  const weekday: Weekday = previous && 'weekday' in previous ? previous.weekday : 'mon';
  switch (kind) {
    case 'once':
      return { kind, week: 1, weekday };
    case 'weekly':
      return { kind, weekday };
    case 'everyNWeeks':
      return { kind, interval: 2, weekday };
    case 'monthly':
      return { kind, dayOfMonth: 1 };
    case 'dates':
      return { kind, dates: [] };
  }
}
