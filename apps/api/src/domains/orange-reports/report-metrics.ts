import type { AnyColumn } from 'drizzle-orm';
import { perLanguage } from '../../lib/i18n.js';
import { countWhere, inReportRange, joinGroups, metricRows, type ReportMetricContext, type ReportMetricDefinition } from '../../modules/reports.js';
import { orangeReports } from './tables.js';

/** Reports whose event (submission, approval) lies in the range, counted per group, in total and per month. */
async function countBy(ctx: ReportMetricContext, event: AnyColumn) {
  const { set, key, groupBy } = ctx.grouping(event);
  const rows = await ctx.db
    .select({ set, key, value: countWhere() })
    .from(orangeReports)
    .innerJoin(ctx.groups, joinGroups(ctx, orangeReports.customerId))
    .where(inReportRange(ctx, event))
    .groupBy(groupBy);
  return metricRows(rows, (row) => row.value);
}

/** Performance report (issue 14): reports filed by crews and approved by their reviewers. */
export const orangeReportMetrics: readonly ReportMetricDefinition[] = [
  {
    id: 'filed',
    order: 20,
    format: 'count',
    trend: true,
    title: perLanguage('server/orange-reports:metrics.filed.title'),
    load: (ctx) => countBy(ctx, orangeReports.submittedAt),
  },
  {
    id: 'approved',
    order: 21,
    format: 'count',
    title: perLanguage('server/orange-reports:metrics.approved.title'),
    load: (ctx) => countBy(ctx, orangeReports.approvedAt),
  },
];
