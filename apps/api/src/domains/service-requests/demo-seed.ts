/**
 * Demo service requests (issue 5): 40 requests across the active demo customers, in every status,
 * some overdue, with timelines (comments, an internal note here and there, every step), pins on the
 * customer maps, and the notifications those events would have produced (no email is sent).
 * Deterministic: the same demo every time, with times relative to `now` so "overdue" stays real.
 * Called by seedDemoData inside its transaction, after customers, teams and customer users exist.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { hasStaffRole, parseRoles, type ServiceRequestStatus } from '@grove/shared';
import type { Db } from '../../db/client.js';
import {
  branches,
  customerTeam,
  customerUsers,
  customers,
  serviceRequestEvents,
  serviceRequestPriorities,
  serviceRequestTypes,
  serviceRequests,
  users,
} from '../../db/schema.js';
import { ensureReferenceData } from '../service-request-types/index.js';
import { announceCreated, announceToCustomer, type RequestRef } from './announcements.js';
import { dueAt, localYear } from './business-hours.js';
import { STATUS_LABELS } from './labels.js';
import { nextRequestNumber } from './numbering.js';
import { demoEmail } from '../../seed/demo-data.js';

type Executor = Pick<Db, 'select' | 'insert' | 'execute'>;

const TEMPLATES: { type: string; title: string; description: string; location: string }[] = [
  { type: 'irrigation', title: 'Broken sprinkler head spraying the sidewalk', description: 'One head near the entrance sprays water onto the walkway every morning.', location: 'Main entrance, left bed' },
  { type: 'tree_care', title: 'Large limb hanging over the parking lot', description: 'A cracked oak limb hangs over three parking spaces after the storm.', location: 'North parking lot, row C' },
  { type: 'turf', title: 'Brown patches in the front lawn', description: 'Several brown patches have appeared in the turf along the street.', location: 'Front lawn along the street' },
  { type: 'plants_beds', title: 'Replace dead shrubs by the clubhouse', description: 'Four boxwoods by the clubhouse doors died over the winter.', location: 'Clubhouse front beds' },
  { type: 'debris_cleanup', title: 'Storm debris on the walking trail', description: 'Branches and leaves block part of the walking trail.', location: 'Walking trail behind the pond' },
  { type: 'drainage', title: 'Standing water after every rain', description: 'Water pools for days next to the mailbox kiosk.', location: 'Mailbox kiosk' },
  { type: 'hardscape', title: 'Loose pavers on the pool deck path', description: 'Several pavers rock when stepped on; a trip hazard.', location: 'Path to the pool deck' },
  { type: 'snow_ice', title: 'Ice on the clubhouse steps', description: 'The steps were icy this morning; please treat them.', location: 'Clubhouse steps' },
  { type: 'pest', title: 'Fire ant mounds in the playground', description: 'Multiple fire ant mounds around the playground mulch.', location: 'Playground' },
  { type: 'other', title: 'Holiday lights on the entrance trees', description: 'Could you quote and install lights on the two entrance trees?', location: 'Entrance island' },
  { type: 'irrigation', title: 'Irrigation running during rain', description: 'The system ran during yesterday’s storm; is the rain sensor working?', location: 'Zone 4 controller' },
  { type: 'tree_care', title: 'Crepe myrtles need pruning', description: 'The crepe myrtles along the drive block the view of the sign.', location: 'Main drive' },
  { type: 'turf', title: 'Tire ruts in the turf by the dumpsters', description: 'A delivery truck left deep ruts in the grass.', location: 'Dumpster enclosure' },
  { type: 'plants_beds', title: 'Seasonal color change for the entrance', description: 'Please plan the fall color rotation for the entrance beds.', location: 'Entrance beds' },
  { type: 'debris_cleanup', title: 'Leaves clogging the storm drain', description: 'Leaves cover the drain at the low point of the lot.', location: 'South lot drain' },
  { type: 'drainage', title: 'Downspout washing out the mulch', description: 'A downspout empties onto the bed and washes the mulch away.', location: 'Building 3, east corner' },
  { type: 'hardscape', title: 'Retaining wall stones shifted', description: 'Top stones of the small retaining wall have shifted.', location: 'Retaining wall by the tennis courts' },
  { type: 'pest', title: 'Wasp nest in the gazebo', description: 'A wasp nest is growing under the gazebo roof.', location: 'Gazebo' },
  { type: 'irrigation', title: 'Drip line leak in the rose bed', description: 'The drip line leaks and the bed stays soggy.', location: 'Rose bed by the pool' },
  { type: 'other', title: 'Request for a walk-through with the board', description: 'The board would like a property walk-through next month.', location: 'Whole property' },
];

/** [status, age in days, priority, assigned] — ages make the overdue ones overdue by the SLA itself. */
const SCENARIOS: [ServiceRequestStatus, number, string, boolean][] = [
  ['new', 0.08, 'normal', false],
  ['new', 0.3, 'high', false],
  ['new', 0.9, 'normal', false],
  ['new', 2, 'low', false],
  ['new', 5, 'normal', false], // past response-due
  ['new', 8, 'high', true], // past response-due
  ['new', 0.1, 'emergency', true],
  ['new', 6, 'normal', false], // past response-due
  ['acknowledged', 1, 'normal', true],
  ['acknowledged', 2.5, 'low', true],
  ['acknowledged', 3, 'normal', false],
  ['acknowledged', 12, 'normal', true], // past resolution-due
  ['acknowledged', 0.5, 'high', true],
  ['scheduled', 2, 'normal', true],
  ['scheduled', 4, 'low', true],
  ['scheduled', 6, 'high', true], // past resolution-due
  ['scheduled', 3, 'normal', true],
  ['scheduled', 16, 'normal', true], // past resolution-due
  ['scheduled', 1.5, 'normal', true],
  ['in_progress', 3, 'normal', true],
  ['in_progress', 14, 'normal', true], // past resolution-due
  ['in_progress', 1, 'emergency', true],
  ['in_progress', 5, 'high', true], // past resolution-due
  ['in_progress', 4, 'low', true],
  ['completed', 4, 'normal', true],
  ['completed', 6, 'high', true],
  ['completed', 9, 'normal', true],
  ['completed', 3, 'low', true],
  ['completed', 7, 'normal', true],
  ['closed', 20, 'normal', true],
  ['closed', 30, 'high', true],
  ['closed', 45, 'low', true],
  ['closed', 12, 'normal', true],
  ['closed', 60, 'normal', true],
  ['closed', 25, 'emergency', true],
  ['cancelled', 10, 'normal', false],
  ['cancelled', 3, 'low', true],
  ['cancelled', 18, 'normal', false],
  ['new', 0.2, 'normal', false],
  ['acknowledged', 1.2, 'normal', true],
];

const DAY = 24 * 3600_000;
const STEPS: ServiceRequestStatus[] = ['new', 'acknowledged', 'scheduled', 'in_progress', 'completed', 'closed'];

interface Person {
  id: string;
  name: string;
}

/** Seeds the demo requests; returns how many. Does nothing without active customers. */
export async function seedDemoServiceRequests(tx: Executor, options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  await ensureReferenceData(tx);
  const typeRows = await tx.select().from(serviceRequestTypes);
  const priorityRows = await tx.select().from(serviceRequestPriorities);
  const typeId = new Map(typeRows.map((t) => [t.code, t.id]));
  const priorityOf = new Map(priorityRows.map((p) => [p.code, p]));

  const active = await tx
    .select({
      id: customers.id,
      name: customers.name,
      accountNumber: customers.accountNumber,
      latitude: customers.latitude,
      longitude: customers.longitude,
      accountManagerId: customers.accountManagerId,
      timeZone: branches.timeZone,
    })
    .from(customers)
    .innerJoin(branches, eq(branches.id, customers.branchId))
    .where(eq(customers.status, 'active'))
    .orderBy(asc(customers.accountNumber));
  if (active.length === 0) return 0;
  const ids = active.map((c) => c.id);

  const names = new Map(
    (await tx.select({ id: users.id, first: users.firstName, last: users.lastName, roles: users.roles }).from(users)).map((u) => [
      u.id,
      { id: u.id, name: `${u.first} ${u.last}`, staff: hasStaffRole(parseRoles(u.roles)), roles: parseRoles(u.roles) },
    ]),
  );
  const teams = await tx.select().from(customerTeam).where(inArray(customerTeam.customerId, ids)).orderBy(asc(customerTeam.createdAt));
  const links = await tx
    .select({ customerId: customerUsers.customerId, userId: customerUsers.userId })
    .from(customerUsers)
    .where(and(inArray(customerUsers.customerId, ids), eq(customerUsers.status, 'active')));

  // The first twelve go to the customers of the demo Account Manager, where the role demo users work.
  const [demoManager] = await tx.select({ id: users.id }).from(users).where(eq(users.email, demoEmail('Account Manager')));
  const managed = active.filter((c) => c.accountManagerId === demoManager?.id);
  const firstBranch = managed.length > 0 ? managed : active;
  let count = 0;
  for (const [index, [status, ageDays, priorityCode, assigned]] of SCENARIOS.entries()) {
    const customer = index < 12 ? firstBranch[index % firstBranch.length]! : active[(index * 7) % active.length]!;
    const template = TEMPLATES[index % TEMPLATES.length]!;
    const priority = priorityOf.get(priorityCode)!;
    const team = teams.filter((t) => t.customerId === customer.id);
    const manager: Person | undefined = customer.accountManagerId ? names.get(customer.accountManagerId) : undefined;
    const crew = team.map((t) => names.get(t.userId)!).find((u) => u.roles.includes('Crew Leader'));
    const staffActor: Person = crew ?? manager ?? names.get(team[0]?.userId ?? '') ?? [...names.values()].find((u) => u.staff)!;
    const contacts = links.filter((l) => l.customerId === customer.id).map((l) => names.get(l.userId)!).filter((u) => !u.staff);
    const requester: Person = contacts.length > 0 ? contacts[index % contacts.length]! : (manager ?? staffActor);
    const assignee: Person | null = assigned ? staffActor : null;

    const createdAt = new Date(now.getTime() - ageDays * DAY);
    const clock = priority.clock;
    const reachedIndex = status === 'cancelled' ? 1 : STEPS.indexOf(status);
    const stepCount = reachedIndex + (status === 'cancelled' ? 1 : 0);
    const at = (k: number) => new Date(createdAt.getTime() + ((now.getTime() - createdAt.getTime()) * k) / (stepCount + 1.5));
    const reached = (step: ServiceRequestStatus) => status !== 'cancelled' && STEPS.indexOf(status) >= STEPS.indexOf(step);
    const scheduledDate =
      status === 'scheduled' ? new Date(now.getTime() + ((index % 5) + 1) * DAY) : reached('scheduled') ? at(2) : null;

    const number = await nextRequestNumber(tx, localYear(createdAt, customer.timeZone));
    const [row] = await tx
      .insert(serviceRequests)
      .values({
        number,
        customerId: customer.id,
        typeId: typeId.get(template.type) ?? typeRows[0]!.id,
        priorityId: priority.id,
        status,
        title: template.title,
        description: template.description,
        locationText: template.location,
        latitude: customer.latitude === null ? null : customer.latitude + (((index * 37) % 11) - 5) * 0.0004,
        longitude: customer.longitude === null ? null : customer.longitude + (((index * 53) % 11) - 5) * 0.0004,
        preferredContact: (['email', 'phone', 'text', 'email'] as const)[index % 4],
        requesterId: requester.id,
        createdById: requester.id,
        assigneeId: assignee?.id ?? null,
        scheduledDate: scheduledDate ? scheduledDate.toISOString().slice(0, 10) : null,
        responseDueAt: dueAt(createdAt, priority.responseTargetHours, clock, customer.timeZone),
        resolutionDueAt: dueAt(createdAt, priority.resolutionTargetHours, clock, customer.timeZone),
        acknowledgedAt: reached('acknowledged') || (status === 'cancelled' && assigned) ? at(1) : null,
        scheduledAt: reached('scheduled') ? at(2) : null,
        startedAt: reached('in_progress') ? at(3) : null,
        completedAt: reached('completed') ? at(4) : null,
        closedAt: status === 'closed' ? at(5) : null,
        cancelledAt: status === 'cancelled' ? at(stepCount) : null,
        cancelReason: status === 'cancelled' ? 'Taken care of by the association’s own maintenance staff.' : null,
        createdAt,
        updatedAt: status === 'new' ? createdAt : at(Math.max(1, stepCount)),
      })
      .returning({ id: serviceRequests.id });
    const requestId = row!.id;

    const events: (typeof serviceRequestEvents.$inferInsert)[] = [
      { requestId, kind: 'status_change', authorId: requester.id, toStatus: 'new', createdAt },
    ];
    if (assignee) {
      events.push({ requestId, kind: 'assignment', authorId: manager?.id ?? staffActor.id, data: { assigneeId: assignee.id, assigneeName: assignee.name }, createdAt: at(0.5) });
    }
    if (index % 3 === 0) {
      events.push({ requestId, kind: 'comment', authorId: requester.id, text: 'Adding that this is getting worse — thank you for looking at it.', createdAt: at(0.7) });
    }
    let previous: ServiceRequestStatus = 'new';
    for (const step of STEPS.slice(1)) {
      if (!reached(step)) break;
      const k = STEPS.indexOf(step);
      const author = step === 'closed' ? requester : step === 'acknowledged' ? (manager ?? staffActor) : staffActor;
      const text =
        step === 'acknowledged'
          ? 'Thanks for letting us know. We will take a look.'
          : step === 'completed'
            ? 'Work completed. Please let us know if anything still needs attention.'
            : step === 'closed'
              ? 'Looks great, thank you!'
              : '';
      events.push({
        requestId,
        kind: 'status_change',
        authorId: author.id,
        fromStatus: previous,
        toStatus: step,
        text,
        data: step === 'scheduled' && scheduledDate ? { scheduledDate: scheduledDate.toISOString().slice(0, 10) } : {},
        createdAt: at(k),
      });
      if (step === 'scheduled' && scheduledDate) {
        events.push({ requestId, kind: 'schedule_change', authorId: author.id, data: { from: null, to: scheduledDate.toISOString().slice(0, 10) }, createdAt: at(k) });
      }
      if (step === 'in_progress' && index % 4 === 1) {
        events.push({
          requestId,
          kind: 'internal_note',
          visibility: 'staff',
          authorId: staffActor.id,
          text: 'Parts on order; check the gate code with the property manager before the visit.',
          createdAt: at(k + 0.2),
        });
      }
      previous = step;
    }
    if (status === 'cancelled') {
      if (assigned) {
        events.push({ requestId, kind: 'status_change', authorId: (manager ?? staffActor).id, fromStatus: 'new', toStatus: 'acknowledged', createdAt: at(1) });
      }
      events.push({
        requestId,
        kind: 'status_change',
        authorId: requester.id,
        fromStatus: assigned ? 'acknowledged' : 'new',
        toStatus: 'cancelled',
        text: 'Taken care of by the association’s own maintenance staff.',
        data: { reason: 'Taken care of by the association’s own maintenance staff.' },
        createdAt: at(stepCount),
      });
    }
    await tx.insert(serviceRequestEvents).values(events);

    // The notifications these events produced (their emails are dropped at the end of the seed).
    const ref: RequestRef = {
      id: requestId,
      number,
      title: template.title,
      customerId: customer.id,
      customerName: customer.name,
      requesterId: requester.id,
      assigneeId: assignee?.id ?? null,
      accountManagerId: customer.accountManagerId,
    };
    const requesterRef = { id: requester.id, name: requester.name, isStaff: false };
    if (status === 'new') await announceCreated(tx, ref, requesterRef);
    else await announceToCustomer(tx, ref, { id: staffActor.id, name: staffActor.name, isStaff: true }, { key: 'serviceRequest.status', params: { status: STATUS_LABELS[status] } });
    count++;
  }
  return count;
}
