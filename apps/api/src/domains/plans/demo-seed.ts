import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { PlanItem, SkipReason } from '@grove/shared';
import { customers, users } from '../../db/schema.js';
import { DEMO_TEMPLATES } from './demo-templates.js';
import { itemsForCustomer } from './items.js';
import type { Tx } from '../../db/client.js';
import { loadItems, saveItems, snapshotOf } from './plan-items.js';
import { addDays, datesOutside, quarterEnd } from './recurrence.js';
import { planComments, planOccurrences, planTemplates, planVersions, plans } from './tables.js';

/*
 * Demo plans (issue 11): the four seasonal global templates, a template tailored to Whitlock Ridge,
 * and plans the demo logins see: Whitlock Ridge's current quarter (published, revised after the
 * property manager acknowledged it, visits done, skipped, rescheduled and one overdue, comments)
 * and its next quarter as a draft; published plans for Brookstone Lakes, Windward Lake Estates and
 * Legacy West. Dates are relative to `now`, so "this week" and "overdue" stay real.
 */

const email = (role: string) => `${role.toLowerCase().replace(/[^a-z]+/g, '-')}@demo.grove.test`;

function seasonOf(day: string): 'spring' | 'summer' | 'fall' | 'winter' {
  const month = Number(day.slice(5, 7));
  return month >= 3 && month <= 5 ? 'spring' : month >= 6 && month <= 8 ? 'summer' : month >= 9 && month <= 11 ? 'fall' : 'winter';
}

const fit = (items: readonly PlanItem[], startDate: string) =>
  items.flatMap((item) => {
    if (item.frequency.kind !== 'dates') return [item];
    const outside = new Set(datesOutside(item.frequency, startDate));
    const dates = item.frequency.dates.filter((d) => !outside.has(d));
    return dates.length ? [{ ...item, frequency: { kind: 'dates' as const, dates } }] : [];
  });

export async function seedDemoPlans(tx: Tx, now = new Date()): Promise<void> {
  const people = await tx.select({ id: users.id, email: users.email }).from(users);
  const idOf = (address: string) => people.find((p) => p.email === address)?.id ?? null;
  const branchManager = idOf(email('Branch Manager'));
  const accountManager = idOf(email('Account Manager'));
  const crewLeader = idOf(email('Crew Leader'));
  const propertyManager = idOf(email('Property Manager'));

  const templateRows = await tx
    .insert(planTemplates)
    .values(
      DEMO_TEMPLATES.map((t) => ({
        name: t.name,
        season: t.key,
        description: t.description,
        createdById: branchManager,
        items: t.items.map((item) => ({ id: crypto.randomUUID(), serviceId: null, service: item.service, description: item.description, frequency: item.frequency, zoneIds: [], zoneKinds: item.zoneKinds, notes: item.notes ?? '' })),
      })),
    )
    .returning();
  const template = (season: string) => templateRows.find((row) => row.season === season)!;

  const accounts = await tx.select({ id: customers.id, accountNumber: customers.accountNumber, name: customers.name }).from(customers).where(inArray(customers.accountNumber, ['MAR-1001', 'MAR-1006', 'ALP-1001', 'PLA-1001']));
  const customerId = (account: string) => accounts.find((row) => row.accountNumber === account)?.id;

  const today = now.toISOString().slice(0, 10);
  const currentStart = addDays(today, -40);
  const nextStart = addDays(quarterEnd(currentStart), 1);

  const whitlock = customerId('MAR-1001');
  if (whitlock) {
    const fallTemplate = template(seasonOf(currentStart));
    const tailored = await itemsForCustomer(tx, whitlock, fallTemplate.items);
    await tx.insert(planTemplates).values({
      customerId: whitlock,
      name: `${fallTemplate.name} · Whitlock Ridge`,
      season: fallTemplate.season,
      description: `${fallTemplate.description} Tailored to Whitlock Ridge: clubhouse beds first, gate code 4127.`,
      items: tailored.map((item) => (item.service.startsWith('Mowing') ? { ...item, notes: 'Clubhouse lawn before 10 am on pool days.' } : item)),
      sourceTemplateId: fallTemplate.id,
      createdById: accountManager,
    });
  }

  /** A plan from a template, published at `version` (1 or 2) and ticked up to today. */
  async function plan(account: string, startDate: string, options: { status: 'draft' | 'published'; revise?: boolean; acknowledged?: boolean; ticks?: boolean; comments?: boolean }) {
    const id = customerId(account);
    if (!id) return;
    const source = template(seasonOf(startDate));
    const items = fit(await itemsForCustomer(tx, id, source.items), startDate);
    const name = `${source.name.replace(/ \(.*\)$/, '')} ${startDate.slice(0, 4)}`;
    const [row] = await tx
      .insert(plans)
      .values({
        customerId: id,
        templateId: source.id,
        templateName: source.name,
        name,
        startDate,
        endDate: quarterEnd(startDate),
        notes: 'Crew days follow the service days on the contract; weather may move a visit by a day or two.',
        status: options.status,
        version: options.status === 'published' ? 1 : 0,
        publishedAt: options.status === 'published' ? new Date(`${startDate}T14:00:00Z`) : null,
        createdById: accountManager,
      })
      .returning();
    const planId = row!.id;
    await saveItems(tx, planId, startDate, items);
    if (options.status !== 'published') return;
    await tx.insert(planVersions).values({ planId, version: 1, snapshot: snapshotOf(row!, await loadItems(tx, planId)), publishedById: accountManager, publishedAt: new Date(`${startDate}T14:00:00Z`) });
    if (options.acknowledged) {
      await tx.update(plans).set({ acknowledgedVersion: 1, acknowledgedById: propertyManager, acknowledgedAt: new Date(`${addDays(startDate, 2)}T16:30:00Z`) }).where(eq(plans.id, planId));
    }
    if (options.revise) {
      const current = await loadItems(tx, planId);
      const revised = [
        ...current.map((item) => (item.service.startsWith('Leaf') ? { ...item, frequency: { kind: 'weekly' as const, weekday: 'wed' as const }, notes: 'Moved to Wednesdays: the pool closes on Fridays in the fall.' } : item)),
        { id: crypto.randomUUID(), serviceId: null, service: 'Holiday wreaths at the entrances', description: 'Hang wreaths on both entrance monuments; remove in January.', frequency: { kind: 'once' as const, week: 7, weekday: 'thu' as const }, zoneIds: [], zoneKinds: [], notes: '' },
      ];
      await saveItems(tx, planId, startDate, revised);
      const [updated] = await tx.update(plans).set({ version: 2 }).where(eq(plans.id, planId)).returning();
      await tx.insert(planVersions).values({
        planId,
        version: 2,
        snapshot: snapshotOf(updated!, await loadItems(tx, planId)),
        changeNote: 'Leaf removal moved to Wednesdays; holiday wreaths added at the board’s request.',
        publishedById: accountManager,
        publishedAt: new Date(`${addDays(startDate, 20)}T15:00:00Z`),
      });
    }
    if (options.ticks) {
      const past = await tx
        .select({ id: planOccurrences.id, date: planOccurrences.date })
        .from(planOccurrences)
        .where(and(eq(planOccurrences.planId, planId)))
        .orderBy(asc(planOccurrences.date), asc(planOccurrences.id));
      const before = past.filter((o) => o.date < today);
      for (const [index, occurrence] of before.entries()) {
        const daysAgo = (Date.parse(today) - Date.parse(occurrence.date)) / 86_400_000;
        // The most recent few stay open: one overdue visit to follow up.
        if (daysAgo <= 3 && index === before.length - 1) continue;
        const skip: SkipReason | null = index % 9 === 4 ? 'weather' : null;
        const reschedule = index % 11 === 6;
        await tx
          .update(planOccurrences)
          .set({
            status: skip ? 'skipped' : reschedule ? 'rescheduled' : 'done',
            reason: skip,
            note: skip ? 'Heavy rain; ground too soft for mowers.' : reschedule ? 'Moved two days for the HOA event.' : '',
            date: reschedule ? addDays(occurrence.date, 2) : occurrence.date,
            updatedById: crewLeader,
            updatedAt: new Date(`${occurrence.date}T20:00:00Z`),
          })
          .where(eq(planOccurrences.id, occurrence.id));
      }
      // Rescheduled visits dated in the past were done on their new day.
      await tx.update(planOccurrences).set({ status: 'done' }).where(and(eq(planOccurrences.planId, planId), eq(planOccurrences.status, 'rescheduled'), lt(planOccurrences.date, today)));
    }
    if (options.comments) {
      await tx.insert(planComments).values([
        { planId, authorId: propertyManager, text: 'Could leaf removal avoid Fridays? The pool area is closed that day.', createdAt: new Date(`${addDays(startDate, 15)}T13:10:00Z`) },
        { planId, authorId: accountManager, text: 'Done: leaf removal is on Wednesdays from now on (version 2).', createdAt: new Date(`${addDays(startDate, 20)}T15:05:00Z`) },
      ]);
    }
  }

  await plan('MAR-1001', currentStart, { status: 'published', revise: true, acknowledged: true, ticks: true, comments: true });
  await plan('MAR-1001', nextStart, { status: 'draft' });
  await plan('MAR-1006', addDays(today, -5), { status: 'published', ticks: true });
  await plan('ALP-1001', addDays(today, -20), { status: 'published', acknowledged: false, ticks: true });
  await plan('PLA-1001', addDays(today, -10), { status: 'published', ticks: true });
}
