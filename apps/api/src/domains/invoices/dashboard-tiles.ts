import { and, sql } from 'drizzle-orm';
import { OPEN_INVOICE_STATUSES } from '@grove/shared';
import { perLanguage } from '../../lib/i18n.js';
import type { DashboardTileDefinition } from '../../modules/dashboard.js';
import { canSeeInvoices, today, viewerAt } from './policy.js';
import { visibleInvoices } from './queries.js';
import { invoices } from './tables.js';

const OPEN_SQL = sql.raw(OPEN_INVOICE_STATUSES.map((s) => `'${s}'`).join(','));

/** "Open balance" (staff: their scope; customer users who see invoices: their property), with the overdue part. */
export const invoiceDashboardTiles: readonly DashboardTileDefinition[] = [
  {
    id: 'open-balance',
    audience: 'both',
    kind: 'figure',
    icon: 'invoice',
    order: 30,
    format: 'money',
    title: perLanguage('server/invoices:tiles.open-balance.title'),
    async load(ctx) {
      if (ctx.audience === 'customer') {
        if (!ctx.customerId || !canSeeInvoices(await viewerAt(ctx.db, ctx.user, ctx.customerId))) return null;
      }
      const day = today(ctx.now);
      const balance = sql`(${invoices.totalCents} - ${invoices.paidCents})`;
      const [row] = await ctx.db
        .select({
          open: sql<string>`coalesce(sum(${balance}), 0)::bigint`,
          overdue: sql<string>`coalesce(sum(${balance}) filter (where ${invoices.dueDate} < ${day}), 0)::bigint`,
          overdueCount: sql<number>`(count(*) filter (where ${invoices.dueDate} < ${day}))::int`,
        })
        .from(invoices)
        .where(and(ctx.customerCondition(invoices.customerId), ...visibleInvoices(ctx.user), sql`${invoices.status} in (${OPEN_SQL})`));
      const open = Number(row?.open ?? 0) / 100;
      const overdue = Number(row?.overdue ?? 0) / 100;
      const overdueCount = row?.overdueCount ?? 0;
      const money = (dollars: number) => ctx.number(dollars, { style: 'currency', currency: 'USD' });
      const base = ctx.customerId ? (ctx.audience === 'customer' ? `/customerView/${ctx.customerId}/invoices` : `/customers/${ctx.customerId}/invoices`) : null;
      return {
        value: open,
        amount: open,
        detail:
          overdueCount > 0
            ? ctx.text(
                perLanguage('server/invoices:tiles.open-balance.detail'),
                { amount: money(overdue), n: overdueCount },
              )
            : ctx.text(perLanguage('server/invoices:tiles.open-balance.detail2')),
        tone: overdueCount > 0 ? 'danger' : 'neutral',
        link: base ? `${base}?status=open` : null,
      };
    },
  },
];
