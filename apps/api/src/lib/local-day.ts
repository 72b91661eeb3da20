/*
 * Calendar days in a time zone. A branch's "today" is its own wall-clock date, not UTC's: at 9 pm
 * in Atlanta it is already tomorrow in UTC, and a visit planned for today must not show overdue.
 */

/** Branches without a zone of their own use the schema default. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      // An unknown zone name (bad data) must not break a page or a job: fall back to the default.
      formatter = formatterFor(DEFAULT_TIME_ZONE);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar day (`YYYY-MM-DD`) that `instant` falls on in `timeZone`. */
export function localDay(instant: Date, timeZone: string | null | undefined): string {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone || DEFAULT_TIME_ZONE).formatToParts(instant)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * Every day that is "today" somewhere on Earth at `instant` (UTC−12 … UTC+14): the UTC day and its
 * neighbours. Queries narrow their rows with these bounds, then apply each row's own zone.
 */
export function possibleDays(instant: Date): { earliest: string; latest: string } {
  return { earliest: localDay(new Date(instant.getTime() - 12 * 3_600_000), 'UTC'), latest: localDay(new Date(instant.getTime() + 14 * 3_600_000), 'UTC') };
}
