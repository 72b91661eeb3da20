/*
 * Calendar arithmetic on `YYYY-MM-DD` days (calendar days, no time zone): the quarter's months, a
 * month's weeks (Monday first), a week's days.
 */

const pad = (n: number) => String(n).padStart(2, '0');

function parts(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [y ?? 1970, m ?? 1, d ?? 1];
}

function fromUtc(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function addDaysTo(day: string, days: number): string {
  const [y, m, d] = parts(day);
  return fromUtc(new Date(Date.UTC(y, m - 1, d + days)));
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(day: string): number {
  const [y, m, d] = parts(day);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The Monday of the week holding `day`. */
export function weekStart(day: string): string {
  return addDaysTo(day, -weekdayIndex(day));
}

/** `YYYY-MM` of every month the range touches, in order. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = parts(from);
  const end = to.slice(0, 7);
  for (let guard = 0; guard < 24; guard++) {
    const key = `${y}-${pad(m)}`;
    months.push(key);
    if (key >= end) break;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return months;
}

/** The weeks (Monday to Sunday) that show month `YYYY-MM`; days of other months included. */
export function monthWeeks(month: string): string[][] {
  const first = `${month}-01`;
  const weeks: string[][] = [];
  let start = weekStart(first);
  while (start.slice(0, 7) <= month) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDaysTo(start, i)));
    start = addDaysTo(start, 7);
    if (start.slice(0, 7) > month) break;
  }
  return weeks;
}

/** Today as a calendar day in the browser's zone. */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
