import { and, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AUTO_CLOSE_AFTER_DAYS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import type { Db } from '../../db/client.js';
import { customers, serviceRequestEvents, serviceRequests } from '../../db/schema.js';
import { deliverNotificationEmails, type NotificationEmail } from '../notifications/service.js';
import { announceToCustomer } from './announcements.js';
import { STATUS_LABELS } from './labels.js';
import { registerPeriodicJob } from '../../jobs/periodic-job.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const INTERVAL_MS = 60 * 60 * 1000;

/**
 * Closes requests completed at least 7 days before `now` and not reopened (issue 5). The update's
 * WHERE re-checks the status under the row lock, so parallel runs (several API processes) close
 * each request once. Each closure goes on the timeline (no author: the system) and is announced
 * like any status change; the emails go out when `delivery` is given.
 * Returns the number of requests closed.
 */
export async function autoCloseCompletedRequests(
  db: Db,
  now: Date,
  delivery?: Parameters<typeof deliverNotificationEmails>[0],
): Promise<number> {
  const cutoff = new Date(now.getTime() - AUTO_CLOSE_AFTER_DAYS * DAY_MS);
  const { closed, emails } = await db.transaction(async (tx) => {
    const rows = await tx
      .update(serviceRequests)
      .set({ status: 'closed', closedAt: now, updatedAt: now })
      .where(and(eq(serviceRequests.status, 'completed'), lte(serviceRequests.completedAt, cutoff)))
      .returning();
    if (rows.length === 0) return { closed: 0, emails: [] as NotificationEmail[] };
    await tx.insert(serviceRequestEvents).values(
      rows.map((row) => ({
        requestId: row.id,
        kind: 'status_change',
        authorId: null,
        fromStatus: 'completed',
        toStatus: 'closed',
        data: { automatic: true, afterDays: AUTO_CLOSE_AFTER_DAYS },
        createdAt: now,
      })),
    );
    const customerRows = await tx
      .select({ id: customers.id, name: customers.name, accountManagerId: customers.accountManagerId })
      .from(customers)
      .where(inArray(customers.id, [...new Set(rows.map((row) => row.customerId))]));
    const byId = new Map(customerRows.map((c) => [c.id, c]));
    const collected: NotificationEmail[] = [];
    for (const row of rows) {
      const customer = byId.get(row.customerId)!;
      collected.push(
        ...(await announceToCustomer(
          tx,
          {
            id: row.id,
            number: row.number,
            title: row.title,
            customerId: row.customerId,
            customerName: customer.name,
            requesterId: row.requesterId,
            assigneeId: row.assigneeId,
            accountManagerId: customer.accountManagerId,
          },
          null,
          { key: 'serviceRequest.status', params: { status: STATUS_LABELS.closed } },
        )),
      );
    }
    return { closed: rows.length, emails: collected };
  });
  if (delivery && emails.length > 0) await deliverNotificationEmails(delivery, emails);
  return closed;
}

/** Runs the auto-close at start and then hourly. */
export function registerServiceRequestJobs(app: FastifyInstance, deps: AppDeps): void {
  registerPeriodicJob(app, {
    name: 'service-request-auto-close',
    intervalMs: INTERVAL_MS,
    task: () => autoCloseCompletedRequests(deps.database.db, new Date(), { mailer: deps.mailer, config: deps.config, log: app.log }),
  });
}
