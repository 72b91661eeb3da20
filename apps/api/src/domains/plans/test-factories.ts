import { WEEKDAYS, type OccurrenceStatus } from '@grove/shared';

const WEEKDAY = WEEKDAYS[1];
import type { TestContext } from '../../test/test-app.js';
import { planItems, planOccurrences, plans } from './tables.js';

/**
 * A plan with one weekly item written straight to the database, and a function that adds dated
 * visits of that item in any status: for tests of other areas (reports, dashboards).
 */
export async function createPlanWithItem(ctx: Pick<TestContext, 'database'>, values: { customerId: string; status: 'draft' | 'published'; startDate: string; endDate: string }) {
  const { db } = ctx.database;
  const [plan] = await db
    .insert(plans)
    .values({ customerId: values.customerId, name: `Plan ${values.startDate}`, startDate: values.startDate, endDate: values.endDate, status: values.status, version: values.status === 'draft' ? 0 : 1 })
    .returning();
  const [item] = await db.insert(planItems).values({ planId: plan!.id, position: 0, service: 'Mowing', frequency: { kind: 'weekly', weekday: WEEKDAY } }).returning();
  const addVisit = async (date: string, status: OccurrenceStatus, updatedAt: Date | null) =>
    db.insert(planOccurrences).values({ planId: plan!.id, itemId: item!.id, originalDate: date, date, status, updatedAt });
  return { plan: plan!, item: item!, addVisit };
}
