import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { perLanguage } from '../../lib/i18n.js';
import { countWhere, inReportRange, joinGroups, metricRows, type ReportMetricContext, type ReportMetricDefinition } from '../../modules/reports.js';
import { proposals, proposalVersions } from './tables.js';

/** What the customer committed to: the chosen alternative's total, else the version's. */
const acceptedCents = sql`coalesce((select (o->>'totalCents')::bigint from jsonb_array_elements(${proposalVersions.options}) o where o->>'key' = ${proposals.chosenOptionKey}), ${proposalVersions.totalCents})`;

/** Proposals made from an orange report and accepted in the range: how many and their value, one pass. */
function fromOrangeReports(ctx: ReportMetricContext) {
  return ctx.once('proposals.orange-accepted', async () => {
    const { set, key, groupBy } = ctx.grouping(proposals.decidedAt);
    return ctx.db
      .select({ set, key, accepted: countWhere(), cents: sql<string | null>`sum(${acceptedCents})` })
      .from(proposals)
      .innerJoin(proposalVersions, and(eq(proposalVersions.proposalId, proposals.id), eq(proposalVersions.version, proposals.currentVersion)))
      .innerJoin(ctx.groups, joinGroups(ctx, proposals.customerId))
      .where(and(isNotNull(proposals.orangeReportId), eq(proposals.status, 'accepted'), inReportRange(ctx, proposals.decidedAt)))
      .groupBy(groupBy);
  });
}

/** Performance report (issue 14): how many orange reports turned into accepted work, and its value. */
export const proposalReportMetrics: readonly ReportMetricDefinition[] = [
  {
    id: 'orange-accepted',
    order: 22,
    format: 'count',
    title: perLanguage('server/proposals:metrics.orange-accepted.title'),
    load: async (ctx) => metricRows(await fromOrangeReports(ctx), (row) => row.accepted),
  },
  {
    id: 'orange-accepted-value',
    order: 23,
    format: 'money',
    title: perLanguage('server/proposals:metrics.orange-accepted-value.title'),
    // Integer cents, like all money (packages/shared/src/money.ts); exports show dollars.
    load: async (ctx) => metricRows(await fromOrangeReports(ctx), (row) => row.cents),
  },
];
