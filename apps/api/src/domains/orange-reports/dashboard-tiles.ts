import { and, count, desc, eq, inArray, min, sql } from 'drizzle-orm';
import { ORANGE_REPORT_PUBLISHED_STATUSES } from '@grove/shared';
import { customers } from '../../db/schema.js';
import { perLanguage } from '../../lib/i18n.js';
import type { DashboardTileDefinition } from '../../modules/dashboard.js';
import { REVIEWER_ROLES, reviewableCondition } from './policy.js';
import { orangeReports } from './tables.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The statuses a customer sees, in the customer's words. */
const CUSTOMER_STATUS = {
  approved: perLanguage('server/orange-reports:dashboardTiles.customerStatus.approved'),
  acknowledged: perLanguage('server/orange-reports:dashboardTiles.customerStatus.acknowledged'),
  resolved: perLanguage('server/orange-reports:dashboardTiles.customerStatus.resolved'),
  declined: perLanguage('server/orange-reports:dashboardTiles.customerStatus.declined'),
} as const;

/**
 * Orange reports on the staff dashboard (issue 10): reviewers (Branch Manager and above, and
 * account managers for their own customers) see how many reports wait for their review and how
 * long the oldest has waited, linking to the review queue. Nobody else gets the tile: they could
 * not act on the figure.
 */
export const orangeReportDashboardTiles: readonly DashboardTileDefinition[] = [
  {
    id: 'waiting-for-review',
    audience: 'staff',
    kind: 'figure',
    icon: 'report',
    order: 25,
    title: perLanguage('server/orange-reports:tiles.waiting-for-review.title'),
    async load(ctx) {
      const reviewer = ctx.user.roles.some((role) => REVIEWER_ROLES.includes(role)) || ctx.user.roles.includes('Account Manager');
      if (!reviewer) return null;
      const [row] = await ctx.db
        .select({ n: count(), oldest: min(orangeReports.submittedAt) })
        .from(orangeReports)
        .innerJoin(customers, eq(customers.id, orangeReports.customerId))
        .where(and(ctx.customerCondition(orangeReports.customerId), eq(orangeReports.status, 'submitted'), reviewableCondition(ctx.user)));
      const n = row?.n ?? 0;
      const oldest = row?.oldest ? new Date(row.oldest) : null;
      const days = oldest ? Math.max(0, Math.floor((ctx.now.getTime() - oldest.getTime()) / DAY_MS)) : null;
      return {
        value: n,
        tone: n === 0 ? 'good' : days !== null && days >= 2 ? 'danger' : 'warning',
        detail:
          n > 0 && days !== null
            ? ctx.text(
                perLanguage('server/orange-reports:tiles.waiting-for-review.detail'),
                { days: ctx.number(days) },
              )
            : null,
        link: ctx.customerId ? `/customers/${ctx.customerId}/orange-reports/pending` : '/orange-reports/pending',
      };
    },
  },
  {
    id: 'latest',
    audience: 'customer',
    kind: 'list',
    icon: 'report',
    order: 12,
    title: perLanguage('server/orange-reports:tiles.latest.title'),
    async load(ctx) {
      // Published reports of the property (the review gate: customers never see others), newest
      // approval first; the badge says what waits for the customer (approved: a decision).
      const where = and(ctx.customerCondition(orangeReports.customerId), inArray(orangeReports.status, [...ORANGE_REPORT_PUBLISHED_STATUSES]));
      const [rows, totals] = await Promise.all([
        ctx.db
          .select({ id: orangeReports.id, title: orangeReports.title, number: orangeReports.number, status: orangeReports.status, approvedAt: orangeReports.approvedAt, customerId: orangeReports.customerId })
          .from(orangeReports)
          .where(where)
          .orderBy(desc(orangeReports.approvedAt), desc(orangeReports.id))
          .limit(3),
        ctx.db.select({ waiting: sql<number>`(count(*) filter (where ${orangeReports.status} = 'approved'))::int` }).from(orangeReports).where(where),
      ]);
      const waiting = totals[0]?.waiting ?? 0;
      return {
        value: waiting,
        tone: waiting > 0 ? 'warning' : 'neutral',
        detail: waiting > 0 ? ctx.text(perLanguage('server/orange-reports:tiles.latest.detail'), { n: waiting }) : null,
        link: ctx.customerId ? `/customerView/${ctx.customerId}/orange-reports` : null,
        items: rows.map((row) => ({
          id: row.id,
          title: row.title,
          subtitle: row.number,
          link: `/customerView/${row.customerId}/orange-reports/${row.id}/view`,
          at: row.approvedAt?.toISOString() ?? null,
          progress: null,
          badge: ctx.text(CUSTOMER_STATUS[row.status as keyof typeof CUSTOMER_STATUS] ?? CUSTOMER_STATUS.approved),
        })),
        empty: ctx.text(perLanguage('server/orange-reports:tiles.latest.empty')),
      };
    },
  },
];
