import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { CURRENCY, OPEN_PROPOSAL_STATUSES, PROPOSAL_VIEWER_ROLES } from '@grove/shared';
import { perLanguage } from '../../lib/i18n.js';
import type { DashboardTileDefinition } from '../../modules/dashboard.js';
import { proposalVersions, proposals } from './tables.js';

/**
 * Proposals on the dashboards (issue 12): staff see how many proposals are open in their scope and
 * what they are worth; customer users who may see proposals see how many await a signature.
 */
export const proposalDashboardTiles: readonly DashboardTileDefinition[] = [
  {
    id: 'open',
    audience: 'staff',
    kind: 'figure',
    icon: 'proposal',
    order: 30,
    title: perLanguage('server/proposals:tiles.open.title'),
    async load(ctx) {
      const [row] = await ctx.db
        .select({ n: count(), cents: sql<string>`coalesce(sum(${proposalVersions.totalCents}), 0)` })
        .from(proposals)
        .innerJoin(proposalVersions, and(eq(proposalVersions.proposalId, proposals.id), eq(proposalVersions.version, proposals.currentVersion)))
        .where(and(ctx.customerCondition(proposals.customerId), inArray(proposals.status, [...OPEN_PROPOSAL_STATUSES])));
      const cents = Number(row?.cents ?? 0);
      return {
        value: row?.n ?? 0,
        detail: ctx.text(
          perLanguage('server/proposals:tiles.open.detail'),
          { amount: ctx.number(cents / 100, { style: 'currency', currency: CURRENCY }) },
        ),
        link: ctx.customerId ? `/customers/${ctx.customerId}/proposals` : null,
      };
    },
  },
  {
    id: 'awaiting-signature',
    audience: 'customer',
    kind: 'figure',
    icon: 'proposal',
    order: 30,
    title: perLanguage('server/proposals:tiles.awaiting-signature.title'),
    async load(ctx) {
      // Residents and tenants are not shown proposals, so no tile about them either.
      if (!ctx.user.roles.some((role) => (PROPOSAL_VIEWER_ROLES as readonly string[]).includes(role))) return null;
      const [row] = await ctx.db
        .select({ n: count() })
        .from(proposals)
        .where(and(ctx.customerCondition(proposals.customerId), inArray(proposals.status, ['sent', 'viewed'])));
      return { value: row?.n ?? 0, tone: (row?.n ?? 0) > 0 ? 'warning' : 'neutral', link: ctx.customerId ? `/customerView/${ctx.customerId}/proposals` : null };
    },
  },
];
