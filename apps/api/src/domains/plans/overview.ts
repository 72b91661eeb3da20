import { and, count, desc, eq, ne } from 'drizzle-orm';
import { CUSTOMER_OVERVIEW_LATEST, hasStaffRole } from '@grove/shared';
import type { OverviewContribution } from '../../modules/domain-module.js';
import { plans } from './tables.js';

/** The customer page's "Plans" card: open = published quarters in progress; customer users never count drafts. */
export const plansOverview: OverviewContribution = {
  area: 'plans',
  async summarize(db, customerId, user) {
    const visible = and(eq(plans.customerId, customerId), hasStaffRole(user.roles) ? undefined : ne(plans.status, 'draft'));
    const [totals, open, latest] = await Promise.all([
      db.select({ n: count() }).from(plans).where(visible),
      db.select({ n: count() }).from(plans).where(and(visible, eq(plans.status, 'published'))),
      db
        .select({ id: plans.id, title: plans.name, status: plans.status, createdAt: plans.createdAt })
        .from(plans)
        .where(visible)
        .orderBy(desc(plans.startDate), desc(plans.id))
        .limit(CUSTOMER_OVERVIEW_LATEST),
    ]);
    return {
      total: totals[0]?.n ?? 0,
      open: open[0]?.n ?? 0,
      latest: latest.map((row) => ({ ...row, reference: null, createdAt: row.createdAt.toISOString() })),
    };
  },
};
