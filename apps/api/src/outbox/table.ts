import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const OUTBOX_STATUSES = ['pending', 'delivered', 'dead'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Work that leaves the database (emails now, live events later), written in the transaction of
 * the change that causes it and delivered by the outbox worker after commit (outbox/deliver.ts).
 * A row is pending until delivered, or dead after its topic's last attempt; `locked_until` is the
 * lease of the worker holding it, so a worker that died mid-delivery gives it back by itself.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Which OutboxTopic delivers it (`email`, `notification-email`…). */
    topic: text('topic').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Not before this time: now when written, later after a failed attempt (backoff). */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    check('outbox_status_check', sql`${t.status} in ('pending', 'delivered', 'dead')`),
    // The worker's question: what is due now? Only pending rows are in this index.
    index('outbox_due_idx').on(t.availableAt).where(sql`${t.status} = 'pending'`),
    index('outbox_created_idx').on(t.createdAt),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
