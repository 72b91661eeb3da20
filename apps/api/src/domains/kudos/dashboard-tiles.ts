import { count, gt, sql, and } from 'drizzle-orm';
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
    title: { en: 'Kudos (30 days)', zh: '点赞（30 天）', es: 'Agradecimientos (30 días)', ja: 'お礼（30 日）', de: 'Lob (30 Tage)', fr: 'Remerciements (30 jours)' },
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
          { en: '{{n}} for you', zh: '其中 {{n}} 个给您', es: '{{n}} para usted', ja: 'うち {{n}} 件はあなたへ', de: '{{n}} für Sie', fr: '{{n}} pour vous' },
          { n: ctx.number(row?.mine ?? 0) },
        ),
        link: '/yn-team-directory',
      };
    },
  },
];
