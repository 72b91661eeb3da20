import { count, gt, sql, and } from 'drizzle-orm';
import { perLanguage } from '../../lib/i18n.js';
import type { DashboardTileDefinition } from '../../modules/dashboard.js';
import { kudos } from './tables.js';

/** Staff dashboard: thanks from customers in scope over the last 30 days, and how many were for the reader. */
export const kudosDashboardTiles: readonly DashboardTileDefinition[] = [
  {
    id: 'recent',
    audience: 'staff',
    kind: 'figure',
    icon: 'kudos',
    order: 60,
    title: perLanguage('server/kudos:tiles.recent.title'),
    async load(ctx) {
      const [row] = await ctx.db
        .select({ all: count(), mine: sql<number>`count(*) filter (where ${kudos.recipientId} = ${ctx.user.id})`.mapWith(Number) })
        .from(kudos)
        .where(and(ctx.customerCondition(kudos.customerId), gt(kudos.createdAt, sql`now() - interval '30 days'`)));
      const all = row?.all ?? 0;
      return {
        value: all,
        tone: all > 0 ? 'good' : 'neutral',
        detail: ctx.text(
          perLanguage('server/kudos:tiles.recent.detail'),
          { n: ctx.number(row?.mine ?? 0) },
        ),
        link: '/yn-team-directory',
      };
    },
  },
];
