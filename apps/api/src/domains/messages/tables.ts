import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MESSAGE_LINK_TYPES } from '@grove/shared';
import { customers, users } from '../../db/schema.js';
import { enumText, oneOf } from '../../db/typed-columns.js';

/**
 * A conversation with a customer. `last_*` and `awaiting_reply_since` are kept by every write so
 * the message center's list (unread first, unanswered, newest) reads one row per thread.
 */
export const messageThreads = pgTable(
  'message_threads',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the thread is about: `service_request` | `orange_report` | `plan` | `proposal` and its id. */
    linkType: enumText('link_type', MESSAGE_LINK_TYPES),
    linkId: uuid('link_id'),
    /** Newest message of any kind (staff see internal notes) and newest customer-visible one. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    lastPublicMessageAt: timestamp('last_public_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** A customer user wrote and no staff member answered since (the conversation's SLA). */
    awaitingReplySince: timestamp('awaiting_reply_since', { withTimezone: true }),
    /** One business day (the branch's hours) after awaitingReplySince. */
    replyDueAt: timestamp('reply_due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('message_threads_customer_idx').on(t.customerId, t.lastMessageAt),
    index('message_threads_last_idx').on(t.lastMessageAt),
    index('message_threads_subject_fts_idx').using('gin', sql`to_tsvector('simple', ${t.subject})`),
    check('message_threads_link_check', sql`(${t.linkType} is null) = (${t.linkId} is null)`),
    oneOf('message_threads_link_type_check', t.linkType, MESSAGE_LINK_TYPES),
  ],
);

/** One message of a thread. Internal notes are staff-only, with their attachments (files.staff_only). */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    internal: boolean('internal').notNull().default(false),
    hasAttachments: boolean('has_attachments').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_thread_idx').on(t.threadId, t.createdAt),
    index('messages_body_fts_idx').using('gin', sql`to_tsvector('simple', ${t.body})`),
  ],
);

/**
 * Customer users taking part in a thread (they wrote or were added), and everyone's read state:
 * staff get a row the first time they read. `participant` false = a reader only (staff).
 */
export const messageThreadMembers = pgTable(
  'message_thread_members',
  {
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    participant: boolean('participant').notNull().default(false),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index('message_thread_members_user_idx').on(t.userId)],
);
