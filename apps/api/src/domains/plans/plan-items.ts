import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { validationText, type PlanChanges, type PlanFrequency, type PlanItem, type PlanItemField } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../http/errors.js';
import { datesOutside, expandFrequency } from './recurrence.js';
import { planItems, planOccurrences, type PlanSnapshot } from './tables.js';

/*
 * A plan's items and their dated occurrences. Saving items re-expands each item's recurrence:
 * visits nobody touched yet follow the new rule (and the new start date), visits already ticked
 * done, skipped or rescheduled stay as they were recorded.
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Pick<Db, 'select'>;

type ItemRow = typeof planItems.$inferSelect;

export function toPlanItem(row: ItemRow): PlanItem {
  return {
    id: row.id,
    serviceId: row.serviceId,
    service: row.service,
    description: row.description,
    frequency: row.frequency,
    zoneIds: row.zoneIds,
    zoneKinds: row.zoneKinds,
    notes: row.notes,
  };
}

export async function loadItems(db: Reader, planId: string): Promise<PlanItem[]> {
  const rows = await db.select().from(planItems).where(eq(planItems.planId, planId)).orderBy(asc(planItems.position));
  return rows.map(toPlanItem);
}

/** 400 on `items.N.frequency.dates` for given dates outside the quarter. */
export function assertDatesInQuarter(items: readonly { frequency: PlanFrequency }[], startDate: string): void {
  const errors: Record<string, string[]> = {};
  items.forEach((item, index) => {
    if (datesOutside(item.frequency, startDate).length > 0) errors[`items.${index}.frequency.dates`] = [validationText('invalid')];
  });
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

/**
 * Replaces the plan's items with `items` (ids of the plan's own items are kept, any other id gets a
 * fresh one) and brings the occurrences in line. Runs inside the caller's transaction.
 */
export async function saveItems(tx: Tx, planId: string, startDate: string, items: readonly PlanItem[]): Promise<PlanItem[]> {
  const existing = new Set((await tx.select({ id: planItems.id }).from(planItems).where(eq(planItems.planId, planId))).map((row) => row.id));
  const saved = items.map((item) => (existing.has(item.id) ? item : { ...item, id: crypto.randomUUID() }));
  const keep = saved.map((item) => item.id).filter((id) => existing.has(id));
  // Removed items take their occurrences with them (cascade).
  await tx.delete(planItems).where(keep.length ? and(eq(planItems.planId, planId), notInArray(planItems.id, keep)) : eq(planItems.planId, planId));
  for (const [position, item] of saved.entries()) {
    const values = {
      position,
      serviceId: item.serviceId,
      service: item.service,
      description: item.description,
      frequency: item.frequency,
      zoneIds: item.zoneIds,
      zoneKinds: item.zoneKinds,
      notes: item.notes,
    };
    if (existing.has(item.id)) await tx.update(planItems).set(values).where(eq(planItems.id, item.id));
    else await tx.insert(planItems).values({ id: item.id, planId, ...values });
  }
  await syncOccurrences(tx, planId, startDate, saved);
  return saved;
}

/** Untouched visits follow each item's rule; recorded ones (done, skipped, rescheduled) stay. */
export async function syncOccurrences(tx: Tx, planId: string, startDate: string, items: readonly PlanItem[]): Promise<void> {
  const current = await tx
    .select({ id: planOccurrences.id, itemId: planOccurrences.itemId, originalDate: planOccurrences.originalDate, status: planOccurrences.status })
    .from(planOccurrences)
    .where(eq(planOccurrences.planId, planId));
  const stale: string[] = [];
  const inserts: (typeof planOccurrences.$inferInsert)[] = [];
  for (const item of items) {
    const wanted = new Set(expandFrequency(item.frequency, startDate));
    const mine = current.filter((row) => row.itemId === item.id);
    for (const row of mine) if (row.status === 'planned' && !wanted.has(row.originalDate)) stale.push(row.id);
    const have = new Set(mine.filter((row) => !stale.includes(row.id)).map((row) => row.originalDate));
    for (const date of wanted) if (!have.has(date)) inserts.push({ planId, itemId: item.id, originalDate: date, date });
  }
  if (stale.length) await tx.delete(planOccurrences).where(inArray(planOccurrences.id, stale));
  if (inserts.length) await tx.insert(planOccurrences).values(inserts);
}

export function snapshotOf(plan: { name: string; startDate: string; endDate: string; notes: string }, items: readonly PlanItem[]): PlanSnapshot {
  return { name: plan.name, startDate: plan.startDate, endDate: plan.endDate, notes: plan.notes, items: [...items] };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sorted = (list: readonly string[]) => [...list].sort();

/** What changed from one published version to another, item by item. */
export function diffSnapshots(from: PlanSnapshot, to: PlanSnapshot, fromVersion: number, toVersion: number): PlanChanges {
  const plan: PlanChanges['plan'] = [];
  if (from.name !== to.name) plan.push('name');
  if (from.startDate !== to.startDate) plan.push('dates');
  if (from.notes !== to.notes) plan.push('notes');
  const before = new Map(from.items.map((item) => [item.id, item]));
  const after = new Map(to.items.map((item) => [item.id, item]));
  const items: PlanChanges['items'] = [];
  for (const item of to.items) {
    const old = before.get(item.id);
    if (!old) {
      items.push({ change: 'added', itemId: item.id, service: item.service, fields: [] });
      continue;
    }
    const fields: PlanItemField[] = [];
    if (old.service !== item.service || old.serviceId !== item.serviceId) fields.push('service');
    if (old.description !== item.description) fields.push('description');
    if (!same(old.frequency, item.frequency)) fields.push('frequency');
    if (!same(sorted(old.zoneIds), sorted(item.zoneIds)) || !same(sorted(old.zoneKinds), sorted(item.zoneKinds))) fields.push('zones');
    if (old.notes !== item.notes) fields.push('notes');
    if (fields.length) items.push({ change: 'changed', itemId: item.id, service: item.service, fields });
  }
  for (const item of from.items) if (!after.has(item.id)) items.push({ change: 'removed', itemId: item.id, service: item.service, fields: [] });
  return { fromVersion, toVersion, plan, items };
}
