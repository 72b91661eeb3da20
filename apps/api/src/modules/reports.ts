import { and, gte, lt, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { LocalizedText } from './dashboard.js';

/**
 * What a report metric query gets. Metric queries are SQL aggregates: they join `customers` on
 * their customer id column, apply `scope`, keep rows whose event lies in [from, to) and group by
 * `groupKey(eventColumn)` (a customer dimension, or the month of the event for trends).
 */
export interface ReportMetricContext {
  db: Db;
  from: Date;
  to: Date;
  /** Scope of the caller, as a condition on the customer id column given. */
  scope(customerIdColumn: AnyColumn): SQL;
  /** The group of a row: its customer's region/branch/account manager/crew leader/id, or the event's month. */
  groupKey(eventColumn: AnyColumn | SQL): SQL<string | null>;
}

export interface ReportMetricDefinition {
  /** Unique within the module; the metric id is `<module>.<id>`. */
  id: string;
  title: LocalizedText;
  format: 'count' | 'percent' | 'hours' | 'money';
  /** Lower first in the table. */
  order: number;
  /** Chart its monthly trend. */
  trend?: boolean;
  /** One value per group key (a missing key means no value: shown empty). */
  load(ctx: ReportMetricContext): Promise<Array<{ key: string | null; value: number | null }>>;
}

/** The event lies in the report's range [from, to). */
export function inReportRange(ctx: Pick<ReportMetricContext, 'from' | 'to'>, column: AnyColumn): SQL {
  return and(gte(column, ctx.from), lt(column, ctx.to))!;
}

/** Aggregates come back as strings or numbers depending on the driver and type: numbers, nulls kept. */
export function metricValues(rows: readonly { key: string | null; value: unknown }[]): Array<{ key: string | null; value: number | null }> {
  return rows.map((row) => ({ key: row.key, value: row.value === null || row.value === undefined ? null : Number(row.value) }));
}
