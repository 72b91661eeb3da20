import { and, eq, inArray, lte } from 'drizzle-orm';
import { z } from 'zod';
import { AUTO_CLOSE_AFTER_DAYS } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customers, serviceRequestEvents, serviceRequests } from '../../db/schema.js';
import { defineJob } from '../../jobs/define-job.js';
import { announceToCustomer } from './announcements.js';
import { STATUS_LABELS } from './labels.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Closes requests completed at least 7 days before `now` and not reopened (issue 5). The update's
 * WHERE re-checks the status under the row lock, so parallel runs (several API processes) close
 * each request once. Each closure goes on the timeline (no author: the system) and is announced
 * like any status change, in the same transaction (its emails go through the outbox).
 * Returns the number of requests closed.
 */
export async function autoCloseCompletedRequests(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - AUTO_CLOSE_AFTER_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(serviceRequests)
      .set({ status: 'closed', closedAt: now, updatedAt: now })
      .where(and(eq(serviceRequests.status, 'completed'), lte(serviceRequests.completedAt, cutoff)))
      .returning();
    if (rows.length === 0) return 0;
    await tx.insert(serviceRequestEvents).values(
      rows.map((row) => ({
        requestId: row.id,
        kind: 'status_change' as const,
        authorId: null,
        fromStatus: 'completed' as const,
        toStatus: 'closed' as const,
        data: { automatic: true, afterDays: AUTO_CLOSE_AFTER_DAYS },
        createdAt: now,
      })),
    );
    const customerRows = await tx
      .select({ id: customers.id, name: customers.name, accountManagerId: customers.accountManagerId })
      .from(customers)
      .where(inArray(customers.id, [...new Set(rows.map((row) => row.customerId))]));
    const byId = new Map(customerRows.map((c) => [c.id, c]));
    for (const row of rows) {
      const customer = byId.get(row.customerId)!;
      await announceToCustomer(
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
      );
    }
    return rows.length;
  });
}

/** Hourly, at a quarter past (away from the top of the hour, when reports and reminders will crowd). */
export const autoCloseJob = defineJob({
  name: 'service-requests.auto-close',
  payload: z.object({}),
  schedule: '15 * * * *',
  async handler(_payload, ctx) {
    const closed = await autoCloseCompletedRequests(ctx.db, new Date());
    if (closed > 0) ctx.log.info({ closed }, 'completed requests closed automatically');
  },
});
