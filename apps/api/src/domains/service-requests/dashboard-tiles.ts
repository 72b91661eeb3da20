import { and, asc, count, desc, gte, inArray, isNotNull, or, sql, type AnyColumn } from 'drizzle-orm';
import { OPEN_SERVICE_REQUEST_STATUSES, SERVICE_REQUEST_PROGRESS } from '@grove/shared';
import { serviceRequests } from '../../db/schema.js';
import { perLanguage } from '../../lib/i18n.js';
import type { DashboardTileDefinition } from '../../modules/dashboard.js';
import { STATUS_LABELS } from './labels.js';
import { overdueCondition } from './queries.js';

const openCondition = inArray(serviceRequests.status, [...OPEN_SERVICE_REQUEST_STATUSES]);
const WEEKS = 12;

/** Monday 00:00 UTC of the week `weeksBack` weeks before the current one, as YYYY-MM-DD. */
export function weekStart(now: Date, weeksBack: number): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday - weeksBack * 7);
  return day.toISOString().slice(0, 10);
}

/** First day of the current UTC month. */
export function monthStartOf(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * The requests whose SLA outcome falls in [from, to): completed in it, or still open past a
 * resolution due time inside it (up to now). Two plain ranges on indexed columns (decision 031).
 */
export function slaOutcomeConditions(from: Date, to: Date) {
  return {
    completedIn: sql`(${serviceRequests.completedAt} >= ${from.toISOString()} and ${serviceRequests.completedAt} < ${to.toISOString()})`,
    missedOpen: sql`(${serviceRequests.status} in ('new','acknowledged','scheduled','in_progress') and ${serviceRequests.resolutionDueAt} >= ${from.toISOString()} and ${serviceRequests.resolutionDueAt} < least(${to.toISOString()}::timestamptz, now()))`,
  };
}

/**
 * SLA attainment of a period: requests completed in it on time (completed by their resolution due
 * time) over every request whose outcome fell in it, i.e. completed in it, or still open past a
 * resolution due time inside it. Cancelled requests count for neither. `where` keeps only those rows.
 */
export function slaAttainmentSql(from: Date, to: Date) {
  const { completedIn, missedOpen } = slaOutcomeConditions(from, to);
  return {
    met: sql<number>`count(*) filter (where ${completedIn} and ${serviceRequests.completedAt} <= ${serviceRequests.resolutionDueAt})`.mapWith(Number),
    due: sql<number>`count(*) filter (where ${completedIn} or ${missedOpen})`.mapWith(Number),
  };
}

export const serviceRequestDashboardTiles: readonly DashboardTileDefinition[] = [
  {
    id: 'open',
    audience: 'staff',
    kind: 'figure',
    icon: 'requests',
    order: 10,
    title: perLanguage('server/service-requests:tiles.open.title'),
    async load(ctx) {
      const [row] = await ctx.db
        .select({ n: count() })
        .from(serviceRequests)
        .where(and(ctx.customerCondition(serviceRequests.customerId), openCondition));
      const query = ctx.customerId ? `&customer=${ctx.customerId}` : '';
      return { value: row?.n ?? 0, link: `/service-requests?view=all&status=${OPEN_SERVICE_REQUEST_STATUSES.join(',')}${query}` };
    },
  },
  {
    id: 'overdue',
    audience: 'staff',
    kind: 'figure',
    icon: 'overdue',
    order: 11,
    title: perLanguage('server/service-requests:tiles.overdue.title'),
    async load(ctx) {
      const [row] = await ctx.db
        .select({ n: count() })
        .from(serviceRequests)
        .where(and(ctx.customerCondition(serviceRequests.customerId), overdueCondition));
      const n = row?.n ?? 0;
      const query = ctx.customerId ? `&customer=${ctx.customerId}` : '';
      return { value: n, tone: n > 0 ? 'danger' : 'good', link: `/service-requests?view=overdue${query}` };
    },
  },
  {
    id: 'sla-month',
    audience: 'staff',
    kind: 'figure',
    icon: 'sla',
    order: 12,
    format: 'percent',
    title: perLanguage('server/service-requests:tiles.sla-month.title'),
    async load(ctx) {
      const from = monthStartOf(ctx.now);
      const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
      const { completedIn, missedOpen } = slaOutcomeConditions(from, to);
      const [row] = await ctx.db
        .select(slaAttainmentSql(from, to))
        .from(serviceRequests)
        .where(and(ctx.customerCondition(serviceRequests.customerId), or(completedIn, missedOpen)));
      const met = row?.met ?? 0;
      const due = row?.due ?? 0;
      const query = ctx.customerId ? `&customer=${ctx.customerId}` : '';
      const link = `/service-requests?view=all&from=${from.toISOString().slice(0, 10)}${query}`;
      if (due === 0) {
        return {
          value: null,
          link,
          empty: ctx.text(perLanguage('server/service-requests:tiles.sla-month.empty')),
        };
      }
      const ratio = met / due;
      return {
        value: ratio,
        tone: ratio >= 0.9 ? 'good' : ratio >= 0.75 ? 'warning' : 'danger',
        detail: ctx.text(
          perLanguage('server/service-requests:tiles.sla-month.detail'),
          { met: ctx.number(met), due: ctx.number(due) },
        ),
        link,
      };
    },
  },
  {
    id: 'weekly',
    audience: 'staff',
    kind: 'chart',
    icon: 'requests',
    order: 90,
    title: perLanguage('server/service-requests:tiles.weekly.title'),
    async load(ctx) {
      const first = weekStart(ctx.now, WEEKS - 1);
      const labels = Array.from({ length: WEEKS }, (_, i) => weekStart(ctx.now, WEEKS - 1 - i));
      const week = (column: AnyColumn) => sql<string>`to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;
      const scope = ctx.customerCondition(serviceRequests.customerId);
      const opened = await ctx.db
        .select({ week: week(serviceRequests.createdAt), n: count() })
        .from(serviceRequests)
        .where(and(scope, gte(serviceRequests.createdAt, new Date(`${first}T00:00:00Z`))))
        .groupBy(sql`1`);
      const completed = await ctx.db
        .select({ week: week(serviceRequests.completedAt), n: count() })
        .from(serviceRequests)
        .where(and(scope, isNotNull(serviceRequests.completedAt), gte(serviceRequests.completedAt, new Date(`${first}T00:00:00Z`))))
        .groupBy(sql`1`);
      const byWeek = (rows: { week: string; n: number }[]) => {
        const map = new Map(rows.map((row) => [row.week, row.n]));
        return labels.map((label) => map.get(label) ?? 0);
      };
      return {
        value: null,
        chart: {
          kind: 'bar',
          labels,
          labelFormat: 'week',
          series: [
            { key: 'opened', label: ctx.text(perLanguage('server/service-requests:tiles.weekly.chart.series.opened.label')), color: 'orange.6', values: byWeek(opened) },
            { key: 'completed', label: ctx.text(perLanguage('server/service-requests:tiles.weekly.chart.series.completed.label')), color: 'teal.6', values: byWeek(completed) },
          ],
        },
        link: '/service-requests?view=all',
      };
    },
  },
  {
    id: 'property-open',
    audience: 'customer',
    kind: 'list',
    icon: 'requests',
    order: 10,
    title: perLanguage('server/service-requests:tiles.property-open.title'),
    async load(ctx) {
      const scope = and(ctx.customerCondition(serviceRequests.customerId), openCondition);
      const [total] = await ctx.db.select({ n: count() }).from(serviceRequests).where(scope);
      const rows = await ctx.db
        .select({ id: serviceRequests.id, number: serviceRequests.number, title: serviceRequests.title, status: serviceRequests.status, createdAt: serviceRequests.createdAt, customerId: serviceRequests.customerId })
        .from(serviceRequests)
        .where(scope)
        .orderBy(desc(serviceRequests.createdAt), asc(serviceRequests.id))
        .limit(5);
      const steps = SERVICE_REQUEST_PROGRESS.length - 1;
      return {
        value: total?.n ?? 0,
        link: ctx.customerId ? `/customerView/${ctx.customerId}/requests` : null,
        items: rows.map((row) => ({
          id: row.id,
          title: row.title,
          subtitle: row.number,
          link: `/customerView/${row.customerId}/requests/${row.id}/update`,
          at: row.createdAt.toISOString(),
          progress: Math.max(0, SERVICE_REQUEST_PROGRESS.indexOf(row.status as (typeof SERVICE_REQUEST_PROGRESS)[number])) / steps,
          badge: ctx.text(STATUS_LABELS[row.status]),
        })),
        empty: ctx.text(perLanguage('server/service-requests:tiles.property-open.empty')),
      };
    },
  },
];
