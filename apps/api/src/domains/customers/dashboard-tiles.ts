import { and, count, sql } from 'drizzle-orm';
import { customers } from '../../db/schema.js';
import { perLanguage } from '../../lib/i18n.js';
import type { DashboardTileDefinition } from '../../modules/dashboard.js';

export const customerDashboardTiles: readonly DashboardTileDefinition[] = [
  {
    id: 'active',
    audience: 'staff',
    kind: 'figure',
    icon: 'customers',
    order: 5,
    title: perLanguage('server/customers:tiles.active.title'),
    async load(ctx) {
      if (ctx.customerId) return null;
      const [row] = await ctx.db
        .select({ n: count() })
        .from(customers)
        .where(and(ctx.customerCondition(customers.id), sql`${customers.status} = 'active'`));
      return { value: row?.n ?? 0, link: '/customers?status=active' };
    },
  },
];
