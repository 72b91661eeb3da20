import { and, asc, eq, sql } from 'drizzle-orm';
import { branches, customers } from '../../db/schema.js';
import { localDay, possibleDays } from '../../lib/local-day.js';
import type { DashboardTileDefinition } from '../../modules/dashboard.js';
import { addDays } from './recurrence.js';
import { planItems, planOccurrences, plans } from './tables.js';

const STATUS = {
  planned: { en: 'Planned', zh: '计划中', es: 'Prevista', ja: '予定', de: 'Geplant', fr: 'Prévu' },
  done: { en: 'Done', zh: '已完成', es: 'Hecha', ja: '完了', de: 'Erledigt', fr: 'Fait' },
  skipped: { en: 'Skipped', zh: '已跳过', es: 'Omitida', ja: 'スキップ', de: 'Ausgelassen', fr: 'Sauté' },
  rescheduled: { en: 'Rescheduled', zh: '已改期', es: 'Reprogramada', ja: '日程変更', de: 'Verschoben', fr: 'Reporté' },
} as const;

/** "This week on your property" (issue 11): the next 7 days of the current published plans. */
export const planDashboardTiles: readonly DashboardTileDefinition[] = [
  {
    id: 'this-week',
    audience: 'customer',
    kind: 'list',
    icon: 'plan',
    order: 5,
    title: { en: 'This week on your property', zh: '本周物业工作', es: 'Esta semana en su propiedad', ja: '今週の物件作業', de: 'Diese Woche auf Ihrem Grundstück', fr: 'Cette semaine sur votre site' },
    async load(ctx) {
      // Each property's week starts on its branch's today (decision 024): narrow by the days that
      // are today somewhere, then keep each row's own 7 days.
      const bounds = possibleDays(ctx.now);
      const candidates = await ctx.db
        .select({
          id: planOccurrences.id,
          date: planOccurrences.date,
          status: planOccurrences.status,
          service: planItems.service,
          planId: plans.id,
          planName: plans.name,
          customerId: plans.customerId,
          timeZone: branches.timeZone,
        })
        .from(planOccurrences)
        .innerJoin(plans, eq(plans.id, planOccurrences.planId))
        .innerJoin(planItems, eq(planItems.id, planOccurrences.itemId))
        .innerJoin(customers, eq(customers.id, plans.customerId))
        .leftJoin(branches, eq(branches.id, customers.branchId))
        .where(and(ctx.customerCondition(plans.customerId), eq(plans.status, 'published'), sql`${planOccurrences.date} between ${bounds.earliest} and ${addDays(bounds.latest, 6)}`))
        .orderBy(asc(planOccurrences.date), asc(planItems.position))
        .limit(64);
      const rows = candidates
        .filter((row) => {
          const from = localDay(ctx.now, row.timeZone);
          return row.date >= from && row.date <= addDays(from, 6);
        })
        .slice(0, 8);
      return {
        value: rows.length,
        link: ctx.customerId ? `/customerView/${ctx.customerId}/plans` : null,
        items: rows.map((row) => ({
          id: row.id,
          title: row.service,
          subtitle: row.planName,
          link: `/customerView/${row.customerId}/plans/${row.planId}/view`,
          at: `${row.date}T12:00:00.000Z`,
          progress: null,
          badge: ctx.text(STATUS[row.status as keyof typeof STATUS] ?? STATUS.planned),
        })),
        empty: ctx.text({
          en: 'Nothing planned on your property this week.',
          zh: '本周您的物业没有计划的工作。',
          es: 'No hay trabajos previstos en su propiedad esta semana.',
          ja: '今週、物件で予定されている作業はありません。',
          de: 'Diese Woche ist auf Ihrem Grundstück nichts geplant.',
          fr: 'Rien de prévu sur votre site cette semaine.',
        }),
      };
    },
  },
];
