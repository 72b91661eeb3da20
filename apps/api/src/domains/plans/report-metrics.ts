import { and, ne, sql } from 'drizzle-orm';
import { perLanguage } from '../../lib/i18n.js';
import { joinGroups, metricRows, type ReportMetricDefinition } from '../../modules/reports.js';
import { planOccurrences, plans } from './tables.js';

const day = (instant: Date) => instant.toISOString().slice(0, 10);

/** Performance report (issue 14): visits of published plans done by their date. */
export const planReportMetrics: readonly ReportMetricDefinition[] = [
  {
    id: 'on-time',
    order: 30,
    format: 'percent',
    trend: true,
    title: perLanguage('server/plans:metrics.on-time.title'),
    async load(ctx) {
      // Visits dated in the range whose day has passed in the branch's zone (done, skipped or
      // still open); on time: ticked done on or before that day, in the branch's own calendar.
      const { set, key, groupBy } = ctx.grouping(sql`(${planOccurrences.date})::timestamp at time zone 'UTC'`);
      const zone = sql`coalesce(${ctx.groups.timeZone}, 'America/New_York')`;
      const onTime = sql`${planOccurrences.status} = 'done' and (coalesce(${planOccurrences.updatedAt}, now()) at time zone ${zone})::date <= ${planOccurrences.date}`;
      const rows = await ctx.db
        .select({ set, key, value: sql<string>`avg(case when ${onTime} then 1.0 else 0.0 end)` })
        .from(planOccurrences)
        .innerJoin(plans, sql`${plans.id} = ${planOccurrences.planId}`)
        .innerJoin(ctx.groups, joinGroups(ctx, plans.customerId))
        .where(
          and(
            ne(plans.status, 'draft'),
            sql`${planOccurrences.date} >= ${day(ctx.from)}::date and ${planOccurrences.date} < ${day(ctx.to)}::date`,
            sql`${planOccurrences.date} < (now() at time zone ${zone})::date`,
          ),
        )
        .groupBy(groupBy);
      return metricRows(rows, (row) => row.value);
    },
  },
];
