/** Test data of service requests (see test/factories.ts for the core records). */
import { eq } from 'drizzle-orm';
import { serviceRequestPriorities, serviceRequestTypes, serviceRequests } from '../../db/schema.js';
import { dbOf, nextTestNumber, type DbOrContext } from '../../test/factories.js';
import { ensureReferenceData } from '../service-request-types/index.js';

export type ServiceRequestRow = typeof serviceRequests.$inferSelect;

/**
 * A service request written straight to the database (no notifications), in any status, with the
 * timestamps that status implies. Type and priority default to `other` / `normal`; due times to a
 * day and a week ahead unless given.
 */
export async function createServiceRequest(
  target: DbOrContext,
  values: Partial<typeof serviceRequests.$inferInsert> & { customerId: string },
): Promise<ServiceRequestRow> {
  const db = dbOf(target);
  await ensureReferenceData(db);
  const [type] = await db.select({ id: serviceRequestTypes.id }).from(serviceRequestTypes).where(eq(serviceRequestTypes.code, 'other'));
  const [priority] = await db
    .select({ id: serviceRequestPriorities.id })
    .from(serviceRequestPriorities)
    .where(eq(serviceRequestPriorities.code, 'normal'));
  const now = Date.now();
  const status = values.status ?? 'new';
  const steps = ['new', 'acknowledged', 'scheduled', 'in_progress', 'completed', 'closed'];
  const reached = (step: string) => status !== 'cancelled' && steps.indexOf(status) >= steps.indexOf(step);
  const at = new Date(now);
  const n = nextTestNumber();
  const [row] = await db
    .insert(serviceRequests)
    .values({
      number: `SR-T-${String(n).padStart(6, '0')}`,
      typeId: type!.id,
      priorityId: priority!.id,
      title: `Request ${n}`,
      responseDueAt: new Date(now + 24 * 3600_000),
      resolutionDueAt: new Date(now + 7 * 24 * 3600_000),
      acknowledgedAt: reached('acknowledged') ? at : null,
      scheduledAt: reached('scheduled') ? at : null,
      scheduledDate: reached('scheduled') ? at.toISOString().slice(0, 10) : null,
      startedAt: reached('in_progress') ? at : null,
      completedAt: reached('completed') ? at : null,
      closedAt: status === 'closed' ? at : null,
      cancelledAt: status === 'cancelled' ? at : null,
      cancelReason: status === 'cancelled' ? 'Test' : null,
      ...values,
      status,
    })
    .returning();
  return row!;
}

export { createRequestWorld, type RequestWorld } from './test-world.js';
