import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { branches, customers } from '../../db/schema.js';
import { perLanguage } from '../../lib/i18n.js';
import { localDay, possibleDays } from '../../lib/local-day.js';
import type { DashboardTileDefinition } from '../../modules/dashboard.js';
import { addDays } from './recurrence.js';
import { planItems, planOccurrences, plans } from './tables.js';

const STATUS = {
  planned: perLanguage('plans:occurrence.status.planned'),
  done: perLanguage('plans:occurrence.status.done'),
  skipped: perLanguage('plans:occurrence.status.skipped'),
  rescheduled: perLanguage('plans:occurrence.status.rescheduled'),
} as const;

/**
 * "This week on your property" (issue 11): the next 7 days of the current published plans; for staff,
 * the published plans whose current version the customer has not acknowledged yet.
 */
export const planDashboardTiles: readonly DashboardTileDefinition[] = [
  {
    id: 'this-week',
    audience: 'customer',
    kind: 'list',
    icon: 'plan',
    order: 5,
    title: perLanguage('server/plans:tiles.this-week.title'),
    async load(ctx) {
      // Each property's week starts on its branch's today (decision 024): narrow by the days that
      // are today somewhere, then keep each row's own 7 days.
      const bounds = possibleDays(ctx.now);
      const candidates = await ctx.db
        .select({
          id: planOccurrences.id,
          date: planOccurrences.date,
          status: planOccurrences.status,
          service: planItems.service,
          planId: plans.id,
          planName: plans.name,
          customerId: plans.customerId,
          timeZone: branches.timeZone,
        })
        .from(planOccurrences)
        .innerJoin(plans, eq(plans.id, planOccurrences.planId))
        .innerJoin(planItems, eq(planItems.id, planOccurrences.itemId))
        .innerJoin(customers, eq(customers.id, plans.customerId))
        .leftJoin(branches, eq(branches.id, customers.branchId))
        .where(and(ctx.customerCondition(plans.customerId), eq(plans.status, 'published'), sql`${planOccurrences.date} between ${bounds.earliest} and ${addDays(bounds.latest, 6)}`))
        .orderBy(asc(planOccurrences.date), asc(planItems.position))
        .limit(64);
      const rows = candidates
        .filter((row) => {
          const from = localDay(ctx.now, row.timeZone);
          return row.date >= from && row.date <= addDays(from, 6);
        })
        .slice(0, 8);
      return {
        value: rows.length,
        link: ctx.customerId ? `/customerView/${ctx.customerId}/plans` : null,
        items: rows.map((row) => ({
          id: row.id,
          title: row.service,
          subtitle: row.planName,
          link: `/customerView/${row.customerId}/plans/${row.planId}/view`,
          at: row.date, // a calendar day: the web shows it as "today", "Thursday", not as hours away
          progress: null,
          badge: ctx.text(STATUS[row.status] ?? STATUS.planned),
        })),
        empty: ctx.text(perLanguage('server/plans:tiles.this-week.empty')),
      };
    },
  },
  {
    id: 'visits',
    audience: 'staff',
    kind: 'list',
    icon: 'plan',
    order: 44,
    title: perLanguage('server/plans:tiles.visits.title'),
    async load(ctx) {
      // Open visits of published plans: overdue (before the branch's today) and due in its next 7
      // days. Counted in SQL in each row's own zone (decision 024); the list shows overdue first.
      const zone = sql`coalesce(${branches.timeZone}, 'America/New_York')`;
      const today = sql`(${ctx.now}::timestamptz at time zone ${zone})::date`;
      const open = and(ctx.customerCondition(plans.customerId), eq(plans.status, 'published'), inArray(planOccurrences.status, ['planned', 'rescheduled']));
      const overdue = sql`${planOccurrences.date} < ${today}`;
      const dueThisWeek = sql`${planOccurrences.date} >= ${today} and ${planOccurrences.date} < ${today} + 7`;
      const from = () =>
        ctx.db
          .select({
            id: planOccurrences.id,
            date: planOccurrences.date,
            service: planItems.service,
            planId: plans.id,
            customerId: plans.customerId,
            customerName: customers.name,
            late: sql<boolean>`${overdue}`,
          })
          .from(planOccurrences)
          .innerJoin(plans, eq(plans.id, planOccurrences.planId))
          .innerJoin(planItems, eq(planItems.id, planOccurrences.itemId))
          .innerJoin(customers, eq(customers.id, plans.customerId))
          .leftJoin(branches, eq(branches.id, customers.branchId));
      const [rows, totals] = await Promise.all([
        from()
          .where(and(open, sql`(${overdue} or ${dueThisWeek})`))
          .orderBy(asc(planOccurrences.date), asc(planItems.position))
          .limit(6),
        ctx.db
          .select({ week: sql<number>`(count(*) filter (where ${dueThisWeek}))::int`, late: sql<number>`(count(*) filter (where ${overdue}))::int` })
          .from(planOccurrences)
          .innerJoin(plans, eq(plans.id, planOccurrences.planId))
          .innerJoin(customers, eq(customers.id, plans.customerId))
          .leftJoin(branches, eq(branches.id, customers.branchId))
          .where(open),
      ]);
      const week = totals[0]?.week ?? 0;
      const late = totals[0]?.late ?? 0;
      return {
        value: week,
        tone: late > 0 ? 'warning' : 'neutral',
        detail: late > 0 ? ctx.text(perLanguage('server/plans:tiles.visits.detail'), { n: late }) : null,
        link: ctx.customerId ? `/customers/${ctx.customerId}/plans` : null,
        items: rows.map((row) => ({
          id: row.id,
          title: row.service,
          subtitle: row.customerName,
          link: `/customers/${row.customerId}/plans/${row.planId}/view`,
          at: row.date, // a calendar day: the web shows it as "today", "Thursday", not as hours away
          progress: null,
          badge: row.late ? ctx.text(perLanguage('server/plans:tiles.visits.items.badge')) : ctx.text(STATUS.planned),
        })),
        empty: ctx.text(perLanguage('server/plans:tiles.visits.empty')),
      };
    },
  },
  {
    id: 'awaiting-acknowledgement',
    audience: 'staff',
    kind: 'list',
    icon: 'plan',
    order: 45,
    title: perLanguage('server/plans:tiles.awaiting-acknowledgement.title'),
    async load(ctx) {
      // Published, and the current version not yet acknowledged by the customer: oldest first.
      const awaiting = and(ctx.customerCondition(plans.customerId), eq(plans.status, 'published'), sql`coalesce(${plans.acknowledgedVersion}, 0) < ${plans.version}`);
      const [rows, totals] = await Promise.all([
        ctx.db
          .select({ id: plans.id, name: plans.name, version: plans.version, publishedAt: plans.publishedAt, customerId: plans.customerId, customerName: customers.name })
          .from(plans)
          .innerJoin(customers, eq(customers.id, plans.customerId))
          .where(awaiting)
          .orderBy(asc(plans.updatedAt), asc(plans.id))
          .limit(6),
        ctx.db.select({ total: count() }).from(plans).where(awaiting),
      ]);
      const total = totals[0]?.total ?? 0;
      return {
        value: total,
        tone: total > 0 ? 'warning' : 'good',
        link: ctx.customerId ? `/customers/${ctx.customerId}/plans` : null,
        items: rows.map((row) => ({
          id: row.id,
          title: row.name,
          subtitle: row.customerName,
          link: `/customers/${row.customerId}/plans/${row.id}/view`,
          at: row.publishedAt?.toISOString() ?? null,
          progress: null,
          badge: ctx.text(perLanguage('plans:plans.version'), { n: row.version }),
        })),
        empty: ctx.text(perLanguage('server/plans:tiles.awaiting-acknowledgement.empty')),
      };
    },
  },
];
