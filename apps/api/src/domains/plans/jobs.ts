import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PLAN_OVERDUE_NOTICE_DAYS } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { branches, customers } from '../../db/schema.js';
import { defineJob } from '../../jobs/define-job.js';
import { localDay, possibleDays } from '../../lib/local-day.js';
import { announceOverdue } from './announcements.js';
import { addDays } from './recurrence.js';
import { planItems, planOccurrences, plans } from './tables.js';

/** Published plans with their branch's time zone (null: no branch, the default zone). */
const planClock = { id: plans.id, endDate: plans.endDate, timeZone: branches.timeZone };

/**
 * Tells the account manager about visits of published plans still open 7 days after their date —
 * 7 days by the branch's own calendar (decision 024) — once per visit: the row is marked in the
 * same transaction, and only while unmarked, so parallel runs tell once. Returns how many.
 */
export async function reportOverdueVisits(db: Db, now: Date): Promise<number> {
  // Rows that may be due in some zone; each one's own zone decides below.
  const widest = addDays(possibleDays(now).latest, -PLAN_OVERDUE_NOTICE_DAYS);
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: planOccurrences.id, date: planOccurrences.date, timeZone: branches.timeZone })
      .from(planOccurrences)
      .innerJoin(plans, eq(plans.id, planOccurrences.planId))
      .innerJoin(customers, eq(customers.id, plans.customerId))
      .leftJoin(branches, eq(branches.id, customers.branchId))
      .where(
        and(
          eq(plans.status, 'published'),
          inArray(planOccurrences.status, ['planned', 'rescheduled']),
          isNull(planOccurrences.overdueNotifiedAt),
          sql`${planOccurrences.date} <= ${widest}`,
        ),
      );
    const due = candidates.filter((row) => row.date <= addDays(localDay(now, row.timeZone), -PLAN_OVERDUE_NOTICE_DAYS)).map((row) => row.id);
    if (due.length === 0) return 0;
    const marked = await tx
      .update(planOccurrences)
      .set({ overdueNotifiedAt: now })
      .where(and(inArray(planOccurrences.id, due), isNull(planOccurrences.overdueNotifiedAt), inArray(planOccurrences.status, ['planned', 'rescheduled'])))
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

/** Published plans whose quarter has ended — by the branch's calendar — become completed. Returns how many. */
export async function completeEndedPlans(db: Db, now: Date): Promise<number> {
  const candidates = await db
    .select(planClock)
    .from(plans)
    .innerJoin(customers, eq(customers.id, plans.customerId))
    .leftJoin(branches, eq(branches.id, customers.branchId))
    .where(and(eq(plans.status, 'published'), lt(plans.endDate, possibleDays(now).latest)));
  const ended = candidates.filter((plan) => plan.endDate < localDay(now, plan.timeZone)).map((plan) => plan.id);
  if (ended.length === 0) return 0;
  const rows = await db
    .update(plans)
    .set({ status: 'completed', completedAt: now, updatedAt: now })
    .where(and(inArray(plans.id, ended), eq(plans.status, 'published')))
    .returning({ id: plans.id });
  return rows.length;
}

/**
 * Hourly at :20 (away from the top of the hour). Each plan's "today" is its branch's calendar day
 * at that moment, so a quarter completes, and a visit is reported 7 days late, within the hour
 * after local midnight in every branch's zone (decision 024). Both steps mark rows once, so the
 * extra runs change nothing. The name stays `plans.daily` (JOB_SCHEDULES overrides use it).
 */
export const planDailyJob = defineJob({
  name: 'plans.daily',
  payload: z.object({}),
  schedule: '20 * * * *',
  async handler(_payload, ctx) {
    const now = new Date();
    const completed = await completeEndedPlans(ctx.db, now);
    const overdue = await reportOverdueVisits(ctx.db, now);
    if (completed > 0 || overdue > 0) ctx.log.info({ completed, overdue }, 'plans: quarters completed, overdue visits reported');
  },
});

