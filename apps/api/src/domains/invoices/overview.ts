import { and, count, desc, eq, sql } from 'drizzle-orm';
import { CUSTOMER_OVERVIEW_LATEST, OPEN_INVOICE_STATUSES, formatCents } from '@grove/shared';
import type { OverviewContribution } from '../../modules/domain-module.js';
import { canSeeInvoices, viewerAt } from './policy.js';
import { visibleInvoices } from './queries.js';
import { invoices } from './tables.js';

const OPEN_SQL = sql.raw(OPEN_INVOICE_STATUSES.map((s) => `'${s}'`).join(','));

/** The customer page's "Invoices" card: open = issued or partly paid; customer users count only what they see. */
export const invoicesOverview: OverviewContribution = {
  area: 'invoices',
  async summarize(db, customerId, user) {
    if (!canSeeInvoices(await viewerAt(db, user, customerId))) return { total: 0, open: 0, latest: [] };
    const visible = and(eq(invoices.customerId, customerId), ...visibleInvoices(user));
    const [totals, open, latest] = await Promise.all([
      db.select({ n: count() }).from(invoices).where(visible),
      db.select({ n: count() }).from(invoices).where(and(visible, sql`${invoices.status} in (${OPEN_SQL})`)),
      db
        .select({ id: invoices.id, number: invoices.number, totalCents: invoices.totalCents, status: invoices.status, createdAt: invoices.createdAt })
        .from(invoices)
        .where(visible)
        .orderBy(desc(invoices.issueDate), desc(invoices.createdAt))
        .limit(CUSTOMER_OVERVIEW_LATEST),
    ]);
    return {
      total: totals[0]?.n ?? 0,
      open: open[0]?.n ?? 0,
      latest: latest.map((row) => ({ id: row.id, reference: row.number, title: formatCents(row.totalCents), status: row.status, createdAt: row.createdAt.toISOString() })),
    };
  },
};
