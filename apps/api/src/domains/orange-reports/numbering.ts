import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orangeReportCounters } from './tables.js';

/**
 * The next report number of a year, e.g. `OR-2026-0042`. The upsert locks the year's counter row
 * until the creating transaction ends, so concurrent drafts get distinct numbers.
 */
export async function nextReportNumber(tx: Pick<Db, 'insert'>, year: number): Promise<string> {
  const [row] = await tx
    .insert(orangeReportCounters)
    .values({ year, lastValue: 1 })
    .onConflictDoUpdate({ target: orangeReportCounters.year, set: { lastValue: sql`${orangeReportCounters.lastValue} + 1` } })
    .returning({ value: orangeReportCounters.lastValue });
  return formatReportNumber(year, row!.value);
}

/** Four digits at least; the number simply grows past 9999. */
export function formatReportNumber(year: number, sequence: number): string {
  return `OR-${year}-${String(sequence).padStart(4, '0')}`;
}
