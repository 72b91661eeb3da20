import { and, sql } from 'drizzle-orm';
import { OPEN_INVOICE_STATUSES } from '@grove/shared';
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
    title: { en: 'Open invoice balance', zh: '未付发票余额', es: 'Saldo de facturas abiertas', ja: '未払請求額', de: 'Offene Rechnungsbeträge', fr: 'Solde des factures ouvertes' },
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
                {
                  en: '{{amount}} overdue ({{n}})',
                  zh: '逾期 {{amount}}（{{n}} 张）',
                  es: '{{amount}} vencido ({{n}})',
                  ja: '期限超過 {{amount}}（{{n}} 件）',
                  de: '{{amount}} überfällig ({{n}})',
                  fr: '{{amount}} en retard ({{n}})',
                },
                { amount: money(overdue), n: overdueCount },
              )
            : ctx.text({ en: 'Nothing overdue', zh: '没有逾期', es: 'Nada vencido', ja: '期限超過なし', de: 'Nichts überfällig', fr: 'Rien en retard' }),
        tone: overdueCount > 0 ? 'danger' : 'neutral',
        link: base ? `${base}?status=open` : null,
      };
    },
  },
];
