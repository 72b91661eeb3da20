import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Live events (docs/decisions/020-live-updates.md): what happened, written in the transaction of the
 * change by `publishLiveEvent`, announced after commit by a NOTIFY carrying only the id. Every API
 * process re-reads the row and decides per open stream whether that user may receive it. The rows
 * are also the replay log for reconnecting streams (`Last-Event-ID`); kept one day.
 * Events carry ids, never content: a screen refetches through the API, which applies its own rules.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    /** Increasing: the SSE `id:` a client resumes from. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** A type declared by a module's `liveEvents` (`message.created`, `notification.created`…). */
    type: text('type').notNull(),
    /** The customer the event is about: only users with that customer in scope may receive it. */
    customerId: uuid('customer_id'),
    /** When set, only these users may receive it (still subject to the other checks). */
    userIds: uuid('user_ids').array(),
    /** Never delivered to customer-side users (internal notes and the like). */
    staffOnly: boolean('staff_only').notNull().default(false),
    /** The record the event is about, e.g. `message_thread` and its id. */
    subjectType: text('subject_type'),
    subjectId: uuid('subject_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('live_events_created_idx').on(t.createdAt)],
);

export type LiveEventRow = typeof liveEvents.$inferSelect;
