import { and, isNotNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { BUSINESS_HOURS } from '@grove/shared';
import { branches, customers, serviceRequests } from '../../db/schema.js';
import { inReportRange as inRange, metricValues, type ReportMetricContext, type ReportMetricDefinition } from '../../modules/reports.js';
import { slaAttainmentSql } from './dashboard-tiles.js';

/**
 * Business hours between two instants in a time zone (decision 006: Monday–Friday 08:00–17:00
 * local), summed per local day in SQL so the report never loads rows into Node.
 */
export function businessHoursBetween(start: AnyColumn | SQL, end: AnyColumn | SQL, timeZone: AnyColumn | SQL): SQL<number> {
  const open = sql.raw(`interval '${BUSINESS_HOURS.startHour} hours'`);
  const close = sql.raw(`interval '${BUSINESS_HOURS.endHour} hours'`);
  return sql<number>`(select coalesce(sum(greatest(0, extract(epoch from least((${end}) at time zone ${timeZone}, d + ${close}) - greatest((${start}) at time zone ${timeZone}, d + ${open})))), 0) / 3600.0
    from generate_series(date_trunc('day', (${start}) at time zone ${timeZone}), (${end}) at time zone ${timeZone}, interval '1 day') as d
    where extract(isodow from d) < 6)`;
}

/** select groupKey, aggregate from service_requests ⋈ customers ⋈ branches where scope and the condition, grouped. */
async function aggregate(ctx: ReportMetricContext, event: AnyColumn, value: SQL<number | null>, where: SQL) {
  const key = ctx.groupKey(event);
  const rows = await ctx.db
    .select({ key, value })
    .from(serviceRequests)
    .innerJoin(customers, sql`${customers.id} = ${serviceRequests.customerId}`)
    .innerJoin(branches, sql`${branches.id} = ${customers.branchId}`)
    .where(and(ctx.scope(serviceRequests.customerId), where))
    .groupBy(key);
  return metricValues(rows);
}

const median = (hours: SQL) => sql<number | null>`percentile_cont(0.5) within group (order by ${hours})`;
const count = sql<number>`count(*)`;

export const serviceRequestReportMetrics: readonly ReportMetricDefinition[] = [
  {
    id: 'received',
    order: 10,
    format: 'count',
    trend: true,
    title: { en: 'Requests received', zh: '收到的请求', es: 'Solicitudes recibidas', ja: '受付件数', de: 'Eingegangene Anfragen', fr: 'Demandes reçues' },
    load: (ctx) => aggregate(ctx, serviceRequests.createdAt, count, inRange(ctx, serviceRequests.createdAt)),
  },
  {
    id: 'completed',
    order: 11,
    format: 'count',
    trend: true,
    title: { en: 'Requests completed', zh: '完成的请求', es: 'Solicitudes completadas', ja: '完了件数', de: 'Erledigte Anfragen', fr: 'Demandes terminées' },
    load: (ctx) => aggregate(ctx, serviceRequests.completedAt, count, inRange(ctx, serviceRequests.completedAt)),
  },
  {
    id: 'first-response',
    order: 12,
    format: 'hours',
    title: {
      en: 'Median first response (business hours)',
      zh: '首次响应中位数（工作小时）',
      es: 'Mediana de primera respuesta (horas hábiles)',
      ja: '初回対応の中央値（営業時間）',
      de: 'Median Erstreaktion (Geschäftsstunden)',
      fr: 'Médiane de première réponse (heures ouvrées)',
    },
    load: (ctx) =>
      aggregate(
        ctx,
        serviceRequests.createdAt,
        median(businessHoursBetween(serviceRequests.createdAt, serviceRequests.acknowledgedAt, branches.timeZone)),
        and(inRange(ctx, serviceRequests.createdAt), isNotNull(serviceRequests.acknowledgedAt))!,
      ),
  },
  {
    id: 'resolution',
    order: 13,
    format: 'hours',
    title: {
      en: 'Median resolution (business hours)',
      zh: '解决时间中位数（工作小时）',
      es: 'Mediana de resolución (horas hábiles)',
      ja: '解決時間の中央値（営業時間）',
      de: 'Median Erledigung (Geschäftsstunden)',
      fr: 'Médiane de résolution (heures ouvrées)',
    },
    load: (ctx) =>
      aggregate(
        ctx,
        serviceRequests.completedAt,
        median(businessHoursBetween(serviceRequests.createdAt, serviceRequests.completedAt, branches.timeZone)),
        inRange(ctx, serviceRequests.completedAt),
      ),
  },
  {
    id: 'sla',
    order: 14,
    format: 'percent',
    trend: true,
    title: { en: 'SLA attainment', zh: 'SLA 达成率', es: 'Cumplimiento del SLA', ja: 'SLA 達成率', de: 'SLA-Erfüllung', fr: 'Respect du SLA' },
    async load(ctx) {
      const { met, due } = slaAttainmentSql(ctx.from, ctx.to);
      // The outcome's time: completion, or the missed due time of a request still open.
      const outcome = sql`coalesce(${serviceRequests.completedAt}, ${serviceRequests.resolutionDueAt})`;
      const key = ctx.groupKey(outcome);
      const rows = await ctx.db
        .select({ key, met, due })
        .from(serviceRequests)
        .innerJoin(customers, sql`${customers.id} = ${serviceRequests.customerId}`)
        .where(ctx.scope(serviceRequests.customerId))
        .groupBy(key);
      return rows.map((row) => ({ key: row.key, value: Number(row.due) > 0 ? Number(row.met) / Number(row.due) : null }));
    },
  },
  {
    id: 'reopen-rate',
    order: 15,
    format: 'percent',
    title: { en: 'Reopen rate', zh: '重开率', es: 'Tasa de reapertura', ja: '再オープン率', de: 'Wiedereröffnungsquote', fr: 'Taux de réouverture' },
    load: (ctx) =>
      aggregate(
        ctx,
        serviceRequests.completedAt,
        sql<number>`avg(case when ${serviceRequests.reopenCount} > 0 then 1.0 else 0.0 end)`,
        inRange(ctx, serviceRequests.completedAt),
      ),
  },
];
