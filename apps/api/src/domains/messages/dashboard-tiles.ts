import { and, count, isNotNull, sql } from 'drizzle-orm';
import { perLanguage } from '../../lib/i18n.js';
import type { DashboardTileDefinition } from '../../modules/dashboard.js';
import { MESSAGING_ROLES, visibleThreadCondition } from './policy.js';
import { messageThreadMembers, messageThreads } from './tables.js';

/** Dashboard tiles of messages (issue 14): unanswered conversations for staff, unread ones for a property. */
export const messageDashboardTiles: readonly DashboardTileDefinition[] = [
  {
    id: 'unanswered',
    audience: 'staff',
    kind: 'figure',
    icon: 'message',
    order: 40,
    title: perLanguage('server/messages:tiles.unanswered.title'),
    async load(ctx) {
      const [row] = await ctx.db
        .select({
          waiting: count(),
          late: sql<number>`count(*) filter (where ${messageThreads.replyDueAt} < now())`.mapWith(Number),
        })
        .from(messageThreads)
        .where(and(ctx.customerCondition(messageThreads.customerId), isNotNull(messageThreads.awaitingReplySince)));
      const late = row?.late ?? 0;
      const waiting = row?.waiting ?? 0;
      const base = ctx.customerId ? `/customers/${ctx.customerId}/messages` : '/message-center';
      return {
        // The figure is what the linked list shows: waiting longer than one business day.
        value: late,
        tone: late > 0 ? 'danger' : waiting > 0 ? 'warning' : 'good',
        detail: ctx.text(
          perLanguage('server/messages:tiles.unanswered.detail'),
          { n: ctx.number(waiting) },
        ),
        link: `${base}?filter=unanswered`,
      };
    },
  },
  {
    id: 'unread',
    audience: 'customer',
    kind: 'figure',
    icon: 'message',
    order: 40,
    title: perLanguage('server/messages:tiles.unread.title'),
    async load(ctx) {
      // Messages are for Property Managers and Board Members (spec §6): nobody else gets the tile.
      if (!ctx.user.roles.some((role) => MESSAGING_ROLES.includes(role))) return null;
      const readAt = sql`(select ${messageThreadMembers.lastReadAt} from ${messageThreadMembers} where ${messageThreadMembers.threadId} = ${messageThreads.id} and ${messageThreadMembers.userId} = ${ctx.user.id})`;
      const [row] = await ctx.db
        .select({ n: count() })
        .from(messageThreads)
        .where(
          and(
            ctx.customerCondition(messageThreads.customerId),
            visibleThreadCondition(ctx.user),
            sql`${messageThreads.lastPublicMessageAt} > coalesce(${readAt}, '-infinity'::timestamptz)`,
          ),
        );
      const n = row?.n ?? 0;
      return { value: n, tone: n > 0 ? 'warning' : 'neutral', link: ctx.customerId ? `/customerView/${ctx.customerId}/messages?filter=unread` : null };
    },
  },
];
