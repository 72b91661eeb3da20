import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PLAN_OVERDUE_NOTICE_DAYS } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { defineJob } from '../../jobs/define-job.js';
import { announceOverdue } from './announcements.js';
import { addDays } from './recurrence.js';
import { planItems, planOccurrences, plans } from './tables.js';

/**
 * Tells the account manager about visits of published plans still open 7 days after their date,
 * once per visit (the row is marked in the same transaction, so parallel runs tell once).
 * Returns the number of visits reported.
 */
export async function reportOverdueVisits(db: Db, now: Date): Promise<number> {
  const cutoff = addDays(now.toISOString().slice(0, 10), -PLAN_OVERDUE_NOTICE_DAYS);
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(planOccurrences)
      .set({ overdueNotifiedAt: now })
      .where(
        and(
          inArray(planOccurrences.status, ['planned', 'rescheduled']),
          isNull(planOccurrences.overdueNotifiedAt),
          sql`${planOccurrences.date} <= ${cutoff}`,
          sql`${planOccurrences.planId} in (select ${plans.id} from ${plans} where ${plans.status} = 'published')`,
        ),
      )
      .returning({ id: planOccurrences.id, planId: planOccurrences.planId, itemId: planOccurrences.itemId, date: planOccurrences.date });
    if (marked.length === 0) return 0;
    const planRows = await tx.select().from(plans).where(inArray(plans.id, [...new Set(marked.map((m) => m.planId))]));
    const itemRows = await tx.select({ id: planItems.id, service: planItems.service }).from(planItems).where(inArray(planItems.id, [...new Set(marked.map((m) => m.itemId))]));
    const planById = new Map(planRows.map((p) => [p.id, p]));
    const serviceById = new Map(itemRows.map((i) => [i.id, i.service]));
    for (const visit of [...marked].sort((a, b) => a.date.localeCompare(b.date))) {
      await announceOverdue(tx, planById.get(visit.planId)!, { service: serviceById.get(visit.itemId) ?? '', date: visit.date });
    }
    return marked.length;
  });
}

/** Published plans whose quarter has ended become completed. Returns how many. */
export async function completeEndedPlans(db: Db, now: Date): Promise<number> {
  const day = now.toISOString().slice(0, 10);
  const rows = await db
    .update(plans)
    .set({ status: 'completed', completedAt: now, updatedAt: now })
    .where(and(eq(plans.status, 'published'), lt(plans.endDate, day)))
    .returning({ id: plans.id });
  return rows.length;
}

/** Daily at 06:20 UTC (early morning in the US, before crews start; away from the top of the hour). */
export const planDailyJob = defineJob({
  name: 'plans.daily',
  payload: z.object({}),
  schedule: '20 6 * * *',
  async handler(_payload, ctx) {
    const now = new Date();
    const completed = await completeEndedPlans(ctx.db, now);
    const overdue = await reportOverdueVisits(ctx.db, now);
    if (completed > 0 || overdue > 0) ctx.log.info({ completed, overdue }, 'plans: quarters completed, overdue visits reported');
  },
});

