import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@grove/shared';
import { currentLanguage, isLanguage } from './i18n';
import { getSessionState } from './session-store';

/**
 * Dates, numbers and money through Intl in the user's language. Plain functions take an optional
 * language (default: the current one); `useFormat()` binds them to the language and re-renders
 * when it changes.
 */
const INTL_LOCALES: Record<Language, string> = {
  en: 'en-US',
  zh: 'zh-CN',
  es: 'es-ES',
  ja: 'ja-JP',
  de: 'de-DE',
  fr: 'fr-FR',
};

export const DEFAULT_CURRENCY = 'USD';

export function intlLocale(lang: Language = currentLanguage()): string {
  return INTL_LOCALES[lang];
}

type DateInput = Date | string | number | null | undefined;

/** `YYYY-MM-DD` is a calendar day, not UTC midnight: parse it as a local date so it never shifts. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: DateInput, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }, lang?: Language): string {
  const date = toDate(value);
  return date ? new Intl.DateTimeFormat(intlLocale(lang), options).format(date) : '';
}

/** A moment in time: shown in the time zone of the user's profile when one is set (else the browser's). */
export function formatDateTime(value: DateInput, lang?: Language): string {
  const timeZone = getSessionState().user?.timeZone ?? undefined;
  return formatDate(value, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }, lang);
}

export function formatNumber(value: number | null | undefined, options: Intl.NumberFormatOptions = {}, lang?: Language): string {
  return value === null || value === undefined || Number.isNaN(value) ? '' : new Intl.NumberFormat(intlLocale(lang), options).format(value);
}

export function formatMoney(amount: number | null | undefined, currency = DEFAULT_CURRENCY, lang?: Language): string {
  return formatNumber(amount, { style: 'currency', currency }, lang);
}

export function formatPercent(ratio: number | null | undefined, lang?: Language): string {
  return formatNumber(ratio, { style: 'percent', maximumFractionDigits: 1 }, lang);
}

/** A time of day (`HH:mm`, a clock time with no day or zone) in the language's clock: "9:30 AM", "09:30". */
export function formatTimeOfDay(value: string | null | undefined, lang?: Language): string {
  const match = value ? /^(\d{2}):(\d{2})/.exec(value) : null;
  if (!match) return '';
  return new Intl.DateTimeFormat(intlLocale(lang), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])));
}

/** A visit's time window: "9:00 AM – 11:00 AM", "09:00 –", "– 11:00"; '' without one. */
export function formatTimeWindow(from: string | null | undefined, to: string | null | undefined, lang?: Language): string {
  if (!from && !to) return '';
  return [formatTimeOfDay(from, lang), formatTimeOfDay(to, lang)].join(' – ').trim();
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a value is a calendar day (`YYYY-MM-DD`, no time): a visit's date, an invoice's due date. */
export function isDayOnly(value: DateInput): value is string {
  return typeof value === 'string' && DAY_ONLY.test(value);
}

/**
 * A calendar day read as a day, never as hours: "today", "tomorrow", "yesterday", a weekday name
 * within the coming week ("Thursday"), else the date ("Nov 26"; with the year when it is not this
 * year's). Days count on the reader's calendar: a day has no time to measure hours to.
 */
export function formatDay(value: string, now: Date = new Date(), lang?: Language): string {
  const date = toDate(value);
  if (!date) return '';
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  // Whole days between the two local midnights (rounded: a DST day is 23 or 25 hours long).
  const days = Math.round((date.getTime() - today.getTime()) / 86_400_000);
  if (Math.abs(days) <= 1) return new Intl.RelativeTimeFormat(intlLocale(lang), { numeric: 'auto' }).format(days, 'day');
  if (days > 1 && days < 7) return formatDate(date, { weekday: 'long' }, lang);
  return formatDate(date, date.getFullYear() === today.getFullYear() ? { month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric', year: 'numeric' }, lang);
}

/** "3 days ago", "in 2 hours" in the user's language; a calendar day (`YYYY-MM-DD`) reads as a day (`formatDay`). */
export function formatRelative(value: DateInput, now: Date = new Date(), lang?: Language): string {
  if (isDayOnly(value)) return formatDay(value, now, lang);
  const date = toDate(value);
  if (!date) return '';
  let delta = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(delta) < size) {
      return new Intl.RelativeTimeFormat(intlLocale(lang), { numeric: 'auto' }).format(Math.round(delta), unit);
    }
    delta /= size;
  }
  return '';
}

export function useFormat() {
  const { i18n } = useTranslation();
  const lang = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  return useMemo(
    () => ({
      language: lang,
      date: (value: DateInput, options?: Intl.DateTimeFormatOptions) => formatDate(value, options, lang),
      dateTime: (value: DateInput) => formatDateTime(value, lang),
      number: (value: number | null | undefined, options?: Intl.NumberFormatOptions) => formatNumber(value, options, lang),
      money: (amount: number | null | undefined, currency?: string) => formatMoney(amount, currency, lang),
      percent: (ratio: number | null | undefined) => formatPercent(ratio, lang),
      relative: (value: DateInput, now?: Date) => formatRelative(value, now, lang),
      day: (value: string, now?: Date) => formatDay(value, now, lang),
      timeWindow: (from: string | null | undefined, to: string | null | undefined) => formatTimeWindow(from, to, lang),
    }),
    [lang],
  );
}
