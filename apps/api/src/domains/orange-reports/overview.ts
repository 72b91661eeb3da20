import type { OverviewContribution } from '../../modules/domain-module.js';
import { countsByStatus, listReports } from './queries.js';

const OPEN_STATUSES = ['submitted', 'returned', 'approved'];

/**
 * The customer page's "Orange reports" card: what the caller may see; open = waiting on someone.
 * The counts are exact (one grouped count of this customer's reports); the list's own total stops
 * at LIST_COUNT_CAP (decision 037).
 */
export const reportsOverview: OverviewContribution = {
  area: 'orangeReports',
  async summarize(db, customerId, user) {
    const [latest, counts] = await Promise.all([
      listReports(db, user, { customerId, sort: '-createdAt', mine: false, page: 1, pageSize: 5 }),
      countsByStatus(db, user, customerId),
    ]);
    return {
      total: Object.values(counts).reduce((sum, n) => sum + n, 0),
      open: OPEN_STATUSES.reduce((sum, status) => sum + (counts[status] ?? 0), 0),
      latest: latest.data.map((r) => ({ id: r.id, reference: r.number, title: r.title, status: r.status, createdAt: r.createdAt })),
    };
  },
};
