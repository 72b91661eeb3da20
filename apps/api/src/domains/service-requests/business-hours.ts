import { BUSINESS_HOURS, type SlaClock } from '@grove/shared';

/*
 * SLA due times (docs/decisions/006-sla-business-hours.md). Business hours are Monday–Friday
 * 08:00–17:00 on the wall clock of the branch's time zone, so DST shifts move the UTC instants but
 * never the local opening hours. No holiday calendar yet. Pure functions: no clock, no database.
 */

const HOUR_MS = 3_600_000;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock reading of an instant in a time zone. */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** Offset of the zone from UTC at an instant, in ms (positive east of Greenwich). */
function offsetAt(epochMs: number, timeZone: string): number {
  const w = wallClockAt(new Date(epochMs), timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/**
 * The instant a local wall-clock time happens. For times skipped by a DST jump the result lands
 * just after the gap; business hours never fall in a gap in practice.
 */
export function instantOfWallClock(
  date: { year: number; month: number; day: number },
  hour: number,
  minute: number,
  timeZone: string,
): number {
  const guess = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  return second;
}

function nextDay(date: { year: number; month: number; day: number }) {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function weekday(date: { year: number; month: number; day: number }): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/**
 * `start` plus `hours` of business time: only Monday–Friday 08:00–17:00 local time counts. A
 * start outside business hours begins counting at the next opening; a due time that falls exactly
 * on closing stays at 17:00 (it does not roll to the next morning).
 */
export function addBusinessHours(start: Date, hours: number, timeZone: string): Date {
  if (!(hours > 0)) return new Date(start);
  let remaining = hours * HOUR_MS;
  let cursor = start.getTime();
  let date: { year: number; month: number; day: number } = wallClockAt(start, timeZone);
  // A week has 45 business hours; this bound only guards against a broken time zone database.
  const maxDays = Math.ceil(hours / 45) * 7 + 14;
  for (let i = 0; i < maxDays; i++) {
    if ((BUSINESS_HOURS.weekdays as readonly number[]).includes(weekday(date))) {
      const open = instantOfWallClock(date, BUSINESS_HOURS.startHour, 0, timeZone);
      const close = instantOfWallClock(date, BUSINESS_HOURS.endHour, 0, timeZone);
      const from = Math.max(cursor, open);
      if (from < close) {
        const available = close - from;
        if (remaining <= available) return new Date(from + remaining);
        remaining -= available;
      }
    }
    date = nextDay(date);
    cursor = instantOfWallClock(date, 0, 0, timeZone);
  }
  throw new Error(`Could not count ${hours} business hours in ${timeZone}`);
}

/** A due time on a priority's clock: business hours of the branch, or plain calendar hours (emergency). */
export function dueAt(start: Date, hours: number, clock: SlaClock, timeZone: string): Date {
  return clock === 'calendar' ? new Date(start.getTime() + hours * HOUR_MS) : addBusinessHours(start, hours, timeZone);
}

/** The calendar year of an instant in a time zone (request numbers follow the branch's year). */
export function localYear(instant: Date, timeZone: string): number {
  return wallClockAt(instant, timeZone).year;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone: "today" at the branch. */
export function localDateAt(instant: Date, timeZone: string): string {
  const w = wallClockAt(instant, timeZone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}
