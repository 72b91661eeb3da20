import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { serviceRequestCounters } from '../../db/schema.js';

/**
 * The next readable request number of a year, e.g. `SR-2026-0042`. The upsert takes a row lock on
 * the year's counter, so concurrent creates get distinct numbers; the lock is held until the
 * creating transaction ends, and a rolled-back create gives its number back.
 */
export async function nextRequestNumber(tx: Pick<Db, 'insert'>, year: number): Promise<string> {
  const [row] = await tx
    .insert(serviceRequestCounters)
    .values({ year, lastValue: 1 })
    .onConflictDoUpdate({ target: serviceRequestCounters.year, set: { lastValue: sql`${serviceRequestCounters.lastValue} + 1` } })
    .returning({ value: serviceRequestCounters.lastValue });
  return formatRequestNumber(year, row!.value);
}

/** Four digits at least; the number simply grows past 9999. */
export function formatRequestNumber(year: number, sequence: number): string {
  return `SR-${year}-${String(sequence).padStart(4, '0')}`;
}
