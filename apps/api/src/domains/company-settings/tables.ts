import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.js';

/** The company's details for documents (one row, id 1; none until a System Admin saves them). */
export const companySettings = pgTable(
  'company_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    addressLines: text('address_lines').array().notNull().default(sql`'{}'::text[]`),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    taxId: text('tax_id'),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('company_settings_single_row', sql`${t.id} = 1`)],
);
