import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers, users } from '../../db/schema.js';

/** A customer-side user's thanks to a Grove team member (recipient null: the whole crew). */
export const kudos = pgTable(
  'kudos',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'set null' }),
    category: text('category').notNull(),
    message: text('message').notNull(),
    /** A photo (files.owner_type `kudos`). */
    photoFileId: uuid('photo_file_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kudos_customer_idx').on(t.customerId, t.createdAt),
    index('kudos_recipient_idx').on(t.recipientId, t.createdAt),
    index('kudos_sender_idx').on(t.senderId, t.createdAt),
    check('kudos_category_check', sql`${t.category} in ('quality', 'friendliness', 'responsiveness', 'above_and_beyond')`),
  ],
);
