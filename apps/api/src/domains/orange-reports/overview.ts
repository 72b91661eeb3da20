import type { OverviewContribution } from '../../modules/domain-module.js';
import { listReports } from './queries.js';

/** The customer page's "Orange reports" card: what the caller may see; open = waiting on someone. */
export const reportsOverview: OverviewContribution = {
  area: 'orangeReports',
  async summarize(db, customerId, user) {
    const base = { customerId, sort: '-createdAt' as const, mine: false, page: 1 };
    const [latest, open] = await Promise.all([
      listReports(db, user, { ...base, pageSize: 5 }),
      listReports(db, user, { ...base, pageSize: 1, status: ['submitted', 'returned', 'approved'] }),
    ]);
    return {
      total: latest.total,
      open: open.total,
      latest: latest.data.map((r) => ({ id: r.id, reference: r.number, title: r.title, status: r.status, createdAt: r.createdAt })),
    };
  },
};
