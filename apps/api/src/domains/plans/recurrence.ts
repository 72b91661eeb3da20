import { createRequire } from 'node:module';
import type * as RRuleModule from 'rrule';
import { PLAN_QUARTER_DAYS, type PlanFrequency, type Weekday } from '@grove/shared';

// rrule ships a CommonJS bundle whose named exports Node's ESM loader cannot see: load it as CJS.
const { RRule, RRuleSet } = createRequire(import.meta.url)('rrule') as typeof RRuleModule;

const DAY_MS = 86_400_000;

const WEEKDAY = {
  mon: RRule.MO,
  tue: RRule.TU,
  wed: RRule.WE,
  thu: RRule.TH,
  fri: RRule.FR,
  sat: RRule.SA,
  sun: RRule.SU,
} satisfies Record<Weekday, unknown>;

/** `YYYY-MM-DD` → UTC midnight (rrule works in UTC "floating" dates). */
function utc(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return isoDay(new Date(utc(day).getTime() + days * DAY_MS));
}

/** The last day of a plan starting on `startDate` (90 days in all). */
export function quarterEnd(startDate: string): string {
  return addDays(startDate, PLAN_QUARTER_DAYS - 1);
}

/**
 * A `dates` entry as a day of the quarter: `YYYY-MM-DD` as given, `MM-DD` (a template's day of the
 * year) as the first such day from the start, so a winter plan's `01-15` falls in the next year.
 * Null when it is not a real date or falls outside the quarter.
 */
export function resolveDate(entry: string, startDate: string, endDate: string): string | null {
  const candidates = entry.length === 10 ? [entry] : [0, 1].map((offset) => `${Number(startDate.slice(0, 4)) + offset}-${entry}`);
  for (const candidate of candidates) {
    const date = utc(candidate);
    // 02-30 parses as an invalid or rolled-over date: keep only days that round-trip.
    if (Number.isNaN(date.getTime()) || isoDay(date) !== candidate) continue;
    if (candidate >= startDate && candidate <= endDate) return candidate;
  }
  return null;
}

/**
 * The dated visits of one item in the quarter starting at `startDate`, in order, by rrule
 * (RFC 5545 recurrence rules): weekly and every-N-weeks on a weekday, monthly on a day of the month,
 * once in week N, or an explicit date list (an RRuleSet of RDATEs).
 */
export function expandFrequency(frequency: PlanFrequency, startDate: string): string[] {
  const endDate = quarterEnd(startDate);
  const dtstart = utc(startDate);
  const until = utc(endDate);
  switch (frequency.kind) {
    case 'weekly':
    case 'everyNWeeks': {
      const interval = frequency.kind === 'weekly' ? 1 : frequency.interval;
      const byweekday = [WEEKDAY[frequency.weekday]];
      // RFC 5545 counts intervals in weeks starting Monday from DTSTART's week, so a Sunday start
      // would skip the first Monday: start the rule on the first matching day of the quarter.
      const first = new RRule({ freq: RRule.WEEKLY, byweekday, dtstart, count: 1 }).all()[0];
      if (!first || first > until) return [];
      return new RRule({ freq: RRule.WEEKLY, interval, byweekday, dtstart: first, until }).all().map(isoDay);
    }
    case 'once': {
      const rule = new RRule({ freq: RRule.WEEKLY, byweekday: [WEEKDAY[frequency.weekday]], dtstart, until });
      const date = rule.all()[frequency.week - 1];
      return date ? [isoDay(date)] : [];
    }
    case 'monthly':
      return new RRule({ freq: RRule.MONTHLY, bymonthday: [frequency.dayOfMonth], dtstart, until }).all().map(isoDay);
    case 'dates': {
      const set = new RRuleSet();
      for (const entry of frequency.dates) {
        const day = resolveDate(entry, startDate, endDate);
        if (day) set.rdate(utc(day));
      }
      return set.between(dtstart, until, true).map(isoDay);
    }
  }
}

/** Entries of a `dates` frequency that fall outside the quarter (the editor reports them). */
export function datesOutside(frequency: PlanFrequency, startDate: string): string[] {
  if (frequency.kind !== 'dates') return [];
  const endDate = quarterEnd(startDate);
  return frequency.dates.filter((entry) => resolveDate(entry, startDate, endDate) === null);
}
