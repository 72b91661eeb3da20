import { perLanguage } from '../../lib/i18n.js';
import { countWhere, inReportRange, joinGroups, metricRows, type ReportMetricDefinition } from '../../modules/reports.js';
import { kudos } from './tables.js';

/** Performance report (issue 14): thanks received from customers. */
export const kudosReportMetrics: readonly ReportMetricDefinition[] = [
  {
    id: 'received',
    order: 40,
    format: 'count',
    trend: true,
    title: perLanguage('server/kudos:metrics.received.title'),
    async load(ctx) {
      const { set, key, groupBy } = ctx.grouping(kudos.createdAt);
      const rows = await ctx.db
        .select({ set, key, value: countWhere() })
        .from(kudos)
        .innerJoin(ctx.groups, joinGroups(ctx, kudos.customerId))
        .where(inReportRange(ctx, kudos.createdAt))
        .groupBy(groupBy);
      return metricRows(rows, (row) => row.value);
    },
  },
];
