import { and, count, eq, isNull } from 'drizzle-orm';
import { notifications } from '../../db/schema.js';
import { perLanguage } from '../../lib/i18n.js';
import type { DashboardTileDefinition } from '../../modules/dashboard.js';

export const notificationDashboardTiles: readonly DashboardTileDefinition[] = [
  {
    id: 'unread',
    audience: 'both',
    kind: 'figure',
    icon: 'bell',
    order: 80,
    title: perLanguage('server/notifications:tiles.unread.title'),
    async load(ctx) {
      // The caller's own notifications (they are personal, not per customer).
      const [row] = await ctx.db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, ctx.user.id), isNull(notifications.readAt)));
      const n = row?.n ?? 0;
      return { value: n, tone: n > 0 ? 'warning' : 'neutral', link: null };
    },
  },
];
