import { and, asc, count, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { occurrenceListQuerySchema, Page, PlanComparison, PlanOccurrence } from '@grove/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/authenticate.js';
import { badRequest } from '../../http/errors.js';
import { diffSnapshots } from './plan-items.js';
import { customerClock, loadPlan, occurrencesOut, OPEN, today } from './plan-service.js';
import { planOccurrences, planVersions } from './tables.js';

type OccurrenceQuery = z.output<typeof occurrenceListQuerySchema>;

/**
 * Any two published versions of a plan side by side, and what changed from `from` to `to` (in
 * either order: an older `to` shows what the newer version took back). Customer users compare the
 * versions of the plans they see; drafts have none (404 through `loadPlan`).
 */
export async function comparePlanVersions(db: Db, user: AuthUser, id: string, from: number, to: number): Promise<PlanComparison> {
  await loadPlan(db, user, id);
  const rows = await db.select().from(planVersions).where(and(eq(planVersions.planId, id), inArray(planVersions.version, [from, to])));
  const a = rows.find((row) => row.version === from);
  const b = rows.find((row) => row.version === to);
  if (!a || !b) {
    const errors: Record<string, string[]> = {};
    if (!a) errors.from = ['This field is not valid.'];
    if (!b) errors.to = ['This field is not valid.'];
    throw badRequest(errors, 'This plan has no such version.');
  }
  const out = (row: typeof a) => ({
    version: row.version,
    publishedAt: row.publishedAt.toISOString(),
    changeNote: row.changeNote,
    name: row.snapshot.name,
    startDate: row.snapshot.startDate,
    endDate: row.snapshot.endDate,
    notes: row.snapshot.notes,
    items: row.snapshot.items,
  });
  return { from: out(a), to: out(b), changes: diffSnapshots(a.snapshot, b.snapshot, from, to) };
}

/**
 * One page of a plan's visits by date, filtered by state; "overdue" is open and dated before the
 * property's today (its branch's calendar, decision 024). The list screen pages here instead of
 * drawing every visit of the quarter.
 */
export async function listOccurrences(db: Db, user: AuthUser, id: string, query: OccurrenceQuery, now = new Date()): Promise<Page<PlanOccurrence>> {
  const plan = await loadPlan(db, user, id);
  const day = today(now, (await customerClock(db, plan.customerId)).timeZone);
  const parts: SQL[] = [eq(planOccurrences.planId, id)];
  if (query.filter === 'open') parts.push(inArray(planOccurrences.status, [...OPEN]));
  if (query.filter === 'overdue') parts.push(inArray(planOccurrences.status, [...OPEN]), lt(planOccurrences.date, day));
  if (query.filter === 'done' || query.filter === 'skipped') parts.push(eq(planOccurrences.status, query.filter));
  const where = and(...parts);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(planOccurrences)
      .where(where)
      .orderBy(asc(planOccurrences.date), asc(planOccurrences.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(planOccurrences).where(where),
  ]);
  return { data: await occurrencesOut(db, rows, day), total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize };
}
