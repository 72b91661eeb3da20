import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { CUSTOMER_OVERVIEW_LATEST, OPEN_SERVICE_REQUEST_STATUSES } from '@grove/shared';
import { serviceRequests } from '../../db/schema.js';
import type { OverviewContribution } from '../../modules/domain-module.js';

/** The customer page's "Service requests" card: customer users see every request of their customer, as staff do. */
export const requestsOverview: OverviewContribution = {
  area: 'requests',
  async summarize(db, customerId) {
    const mine = eq(serviceRequests.customerId, customerId);
    const [totals, open, latest] = await Promise.all([
      db.select({ n: count() }).from(serviceRequests).where(mine),
      db.select({ n: count() }).from(serviceRequests).where(and(mine, inArray(serviceRequests.status, OPEN_SERVICE_REQUEST_STATUSES))),
      db
        .select({ id: serviceRequests.id, reference: serviceRequests.number, title: serviceRequests.title, status: serviceRequests.status, createdAt: serviceRequests.createdAt })
        .from(serviceRequests)
        .where(mine)
        .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
        .limit(CUSTOMER_OVERVIEW_LATEST),
    ]);
    return {
      total: totals[0]?.n ?? 0,
      open: open[0]?.n ?? 0,
      latest: latest.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    };
  },
};
