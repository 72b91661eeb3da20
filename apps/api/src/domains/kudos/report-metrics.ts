import { and, count, sql } from 'drizzle-orm';
import { customers } from '../../db/schema.js';
import { inReportRange, metricValues, type ReportMetricDefinition } from '../../modules/reports.js';
import { kudos } from './tables.js';

/** Performance report (issue 14): thanks received from customers. */
export const kudosReportMetrics: readonly ReportMetricDefinition[] = [
  {
    id: 'received',
    order: 40,
    format: 'count',
    trend: true,
    title: { en: 'Kudos received', zh: '收到的点赞', es: 'Felicitaciones recibidas', ja: '受け取ったサンクス', de: 'Erhaltene Kudos', fr: 'Félicitations reçues' },
    async load(ctx) {
      const key = ctx.groupKey(kudos.createdAt);
      const rows = await ctx.db
        .select({ key, value: count() })
        .from(kudos)
        .innerJoin(customers, sql`${customers.id} = ${kudos.customerId}`)
        .where(and(ctx.scope(kudos.customerId), inReportRange(ctx, kudos.createdAt)))
        .groupBy(key);
      return metricValues(rows);
    },
  },
];
