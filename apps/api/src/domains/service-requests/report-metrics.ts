import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { BUSINESS_HOURS } from '@grove/shared';
import { serviceRequests } from '../../db/schema.js';
import { perLanguage } from '../../lib/i18n.js';
import { countWhere, inReportRange, joinGroups, metricRows, type ReportMetricContext, type ReportMetricDefinition, type ReportMetricRow } from '../../modules/reports.js';
import { slaOutcomeConditions } from './dashboard-tiles.js';

/**
 * Business hours between two instants in a time zone (decision 006: Monday–Friday 08:00–17:00
 * local), summed per local day. The same formula is the database function
 * `business_hours_between` (migration 0026), which stores a request's first-response and
 * resolution hours on its row when it is acknowledged or completed (decision 031); this SQL form
 * is kept for tests that check the stored figures against it.
 */
export function businessHoursBetween(start: AnyColumn | SQL, end: AnyColumn | SQL, timeZone: AnyColumn | SQL): SQL<number> {
  const open = sql.raw(`interval '${BUSINESS_HOURS.startHour} hours'`);
  const close = sql.raw(`interval '${BUSINESS_HOURS.endHour} hours'`);
  return sql<number>`(select coalesce(sum(greatest(0, extract(epoch from least((${end}) at time zone ${timeZone}, d + ${close}) - greatest((${start}) at time zone ${timeZone}, d + ${open})))), 0) / 3600.0
    from generate_series(date_trunc('day', (${start}) at time zone ${timeZone}), (${end}) at time zone ${timeZone}, interval '1 day') as d
    where extract(isodow from d) < 6)`;
}

const median = (hours: AnyColumn, condition?: SQL) =>
  condition ? sql<number | null>`percentile_cont(0.5) within group (order by ${hours}) filter (where ${condition})` : sql<number | null>`percentile_cont(0.5) within group (order by ${hours})`;

/**
 * Requests filed in the range, one pass (received, median first response). The hours were stored
 * on the row when it was acknowledged (null until then; the median skips nulls).
 */
function filed(ctx: ReportMetricContext) {
  return ctx.once('service-requests.filed', async () => {
    const { set, key, groupBy } = ctx.grouping(serviceRequests.createdAt);
    return ctx.db
      .select({ set, key, received: countWhere(), firstResponse: median(serviceRequests.firstResponseHours) })
      .from(serviceRequests)
      .innerJoin(ctx.groups, joinGroups(ctx, serviceRequests.customerId))
      .where(inReportRange(ctx, serviceRequests.createdAt))
      .groupBy(groupBy);
  });
}

/**
 * Requests whose outcome falls in the range, one pass: completed in it (completed, median
 * resolution, reopen rate, SLA met) or still open past a resolution due time in it (SLA due).
 * Months follow the outcome's time: completion, or the missed due time of a request still open.
 */
function outcomes(ctx: ReportMetricContext) {
  return ctx.once('service-requests.outcomes', async () => {
    const { completedIn, missedOpen } = slaOutcomeConditions(ctx.from, ctx.to);
    const { set, key, groupBy } = ctx.grouping(sql`coalesce(${serviceRequests.completedAt}, ${serviceRequests.resolutionDueAt})`);
    return ctx.db
      .select({
        set,
        key,
        completed: countWhere(completedIn),
        resolution: median(serviceRequests.resolutionHours, completedIn),
        reopenRate: sql<number | null>`avg(case when ${serviceRequests.reopenCount} > 0 then 1.0 else 0.0 end) filter (where ${completedIn})`,
        met: sql<number>`count(*) filter (where ${completedIn} and ${serviceRequests.completedAt} <= ${serviceRequests.resolutionDueAt})`,
        due: sql<number>`count(*)`,
      })
      .from(serviceRequests)
      .innerJoin(ctx.groups, joinGroups(ctx, serviceRequests.customerId))
      .where(sql`(${completedIn} or ${missedOpen})`)
      .groupBy(groupBy);
  });
}

type Pass<R> = (ctx: ReportMetricContext) => Promise<R[]>;
const from =
  <R extends { set: unknown; key: string | null }>(pass: Pass<R>, value: (row: R) => unknown) =>
  async (ctx: ReportMetricContext): Promise<ReportMetricRow[]> =>
    metricRows(await pass(ctx), value);

export const serviceRequestReportMetrics: readonly ReportMetricDefinition[] = [
  {
    id: 'received',
    order: 10,
    format: 'count',
    trend: true,
    title: perLanguage('server/service-requests:metrics.received.title'),
    load: from(filed, (row) => row.received),
  },
  {
    id: 'completed',
    order: 11,
    format: 'count',
    trend: true,
    title: perLanguage('server/service-requests:metrics.completed.title'),
    load: from(outcomes, (row) => row.completed),
  },
  {
    id: 'first-response',
    order: 12,
    format: 'hours',
    title: perLanguage('server/service-requests:metrics.first-response.title'),
    load: from(filed, (row) => row.firstResponse),
  },
  {
    id: 'resolution',
    order: 13,
    format: 'hours',
    title: perLanguage('server/service-requests:metrics.resolution.title'),
    load: from(outcomes, (row) => row.resolution),
  },
  {
    id: 'sla',
    order: 14,
    format: 'percent',
    trend: true,
    title: perLanguage('server/service-requests:metrics.sla.title'),
    // Met over due; no value where nothing was due.
    load: from(outcomes, (row) => (Number(row.due) > 0 ? Number(row.met) / Number(row.due) : null)),
  },
  {
    id: 'reopen-rate',
    order: 15,
    format: 'percent',
    title: perLanguage('server/service-requests:metrics.reopen-rate.title'),
    load: from(outcomes, (row) => row.reopenRate),
  },
];
