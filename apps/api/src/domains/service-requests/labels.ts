import { LANGUAGES, type Language, type ServiceRequestStatus } from '@grove/shared';
import { perLanguage } from '../../lib/i18n.js';

/** Status names in the six languages (the web's `requests:status.*`), for notification texts and the CSV export. */
export const STATUS_LABELS: Record<ServiceRequestStatus, Record<Language, string>> = {
  new: perLanguage('requests:status.new'),
  acknowledged: perLanguage('requests:status.acknowledged'),
  scheduled: perLanguage('requests:status.scheduled'),
  in_progress: perLanguage('requests:status.in_progress'),
  completed: perLanguage('requests:status.completed'),
  closed: perLanguage('requests:status.closed'),
  cancelled: perLanguage('requests:status.cancelled'),
};

/** A calendar date (YYYY-MM-DD) written out in each language, e.g. for "scheduled for …". */
export function localizedDate(isoDate: string): Record<Language, string> {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Object.fromEntries(
    LANGUAGES.map((lang) => [lang, new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(date)]),
  ) as Record<Language, string>;
}

/** A time of day (`HH:mm`) in each language's clock ("9:30 AM", "09:30"). */
export function localizedTime(time: string, lang: Language): string {
  const [hours, minutes] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(lang, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, hours, minutes));
}

/** "November 24, 2026, 9:00 AM–11:00 AM": the visit day with its time window, when one is set. */
export function withWindow(date: Record<Language, string>, from?: string | null, to?: string | null): Record<Language, string> {
  if (!from && !to) return date;
  return Object.fromEntries(
    LANGUAGES.map((lang) => [lang, `${date[lang]}, ${from ? localizedTime(from, lang) : ''}–${to ? localizedTime(to, lang) : ''}`]),
  ) as Record<Language, string>;
}

export const CSV_COLUMNS = [
  'number',
  'customer',
  'status',
  'priority',
  'type',
  'title',
  'location',
  'assignee',
  'requester',
  'createdAt',
  'scheduledDate',
  'responseDueAt',
  'resolutionDueAt',
  'overdue',
  'completedAt',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** CSV header row in the caller's language. */
export const CSV_HEADERS: Record<Language, Record<CsvColumn, string>> = perLanguage('server/service-requests:labels.csvHeaders');

export const YES_NO: Record<Language, [string, string]> = perLanguage('server/service-requests:labels.yesNo');
