import type { AnyColumn } from 'drizzle-orm';
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
    title: { en: 'Orange reports filed', zh: '提交的橙色报告', es: 'Informes naranja enviados', ja: '提出されたオレンジレポート', de: 'Eingereichte Orange Reports', fr: 'Rapports orange déposés' },
    load: (ctx) => countBy(ctx, orangeReports.submittedAt),
  },
  {
    id: 'approved',
    order: 21,
    format: 'count',
    title: { en: 'Orange reports approved', zh: '批准的橙色报告', es: 'Informes naranja aprobados', ja: '承認されたオレンジレポート', de: 'Freigegebene Orange Reports', fr: 'Rapports orange approuvés' },
    load: (ctx) => countBy(ctx, orangeReports.approvedAt),
  },
];
