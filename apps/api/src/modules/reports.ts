import { and, eq, gte, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import type { LocalizedText } from './dashboard.js';

/**
 * The caller's customers with their report group, as a subquery to join on a customer id column
 * (the join is the scope: a row of an out-of-scope customer finds no partner). Built once per run
 * by the report service from `customers` (decision 031).
 */
export type ReportGroups = SubqueryWithSelection<
  {
    /** The customer's id. */
    customerId: SQL.Aliased<string>;
    /** Its group: region/branch/account manager/crew leader/customer id (null: none, e.g. no crew leader). */
    groupKey: SQL.Aliased<string | null>;
    /** Its branch's IANA time zone (null when the branch has none). */
    timeZone: SQL.Aliased<string | null>;
  },
  'report_groups'
>;

/**
 * What a report metric query gets. Metric queries are SQL aggregates, one pass each (decision 031):
 * they join `groups` on their customer id column (`joinGroups`), keep rows whose event lies in
 * [from, to) with a sargable condition on an indexed column (`inReportRange`), and `group by
 * grouping(event).groupBy` so that one statement answers every group, the total and each month.
 */
export interface ReportMetricContext {
  db: Db;
  from: Date;
  to: Date;
  /** The caller's customers and their group key; join it with `joinGroups`. */
  groups: ReportGroups;
  /**
   * GROUPING SETS over the report's groups, the total and the UTC month of `event` (an expression
   * without parameters). Select `set` and `key`, add the aggregates, group by `groupBy`.
   */
  grouping(event: AnyColumn | SQL): { set: SQL<number>; key: SQL<string | null>; groupBy: SQL };
  /**
   * One promise per `key` and run: metrics that read the same rows (e.g. received and median first
   * response) share one statement instead of scanning twice.
   */
  once<T>(key: string, load: () => Promise<T>): Promise<T>;
}

/** One answer row of a metric: a group's value, the total, or a month's value (`YYYY-MM`). */
export interface ReportMetricRow {
  set: 'group' | 'total' | 'month';
  key: string | null;
  value: number | null;
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
  /** Its values per group, its total and per month (a missing group or month means no value: shown empty). */
  load(ctx: ReportMetricContext): Promise<ReportMetricRow[]>;
}

/** The event lies in the report's range [from, to): a plain range on the column, so an index on it serves. */
export function inReportRange(ctx: Pick<ReportMetricContext, 'from' | 'to'>, column: AnyColumn): SQL {
  return and(gte(column, ctx.from), lt(column, ctx.to))!;
}

/** Join condition of a metric's table to the caller's groups. */
export function joinGroups(ctx: Pick<ReportMetricContext, 'groups'>, customerIdColumn: AnyColumn): SQL {
  return eq(ctx.groups.customerId, customerIdColumn);
}

/** A count that is null (not 0) when nothing matched, like a missing group. */
export function countWhere(condition?: SQL): SQL<number | null> {
  return condition ? sql<number | null>`nullif(count(*) filter (where ${condition}), 0)` : sql<number | null>`nullif(count(*), 0)`;
}

const SETS = { 1: 'group', 3: 'total', 2: 'month' } as const;

/**
 * Rows of a grouping-sets statement (`set`, `key`, one column per value) as metric rows of the
 * column `value`. Aggregates come back as strings or numbers depending on the driver: numbers,
 * nulls kept.
 */
export function metricRows<R extends { set: unknown; key: string | null }>(rows: readonly R[], value: (row: R) => unknown): ReportMetricRow[] {
  return rows.map((row) => {
    const v = value(row);
    return { set: SETS[Number(row.set) as 1 | 2 | 3], key: row.key, value: v === null || v === undefined ? null : Number(v) };
  });
}
