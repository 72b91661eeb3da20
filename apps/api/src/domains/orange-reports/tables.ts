import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LocalizedNamesOut } from '@grove/shared';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The catalogue of services an orange report can recommend (issue 10), managed by System Admin.
 * Retired services stay on the reports (and plans, proposals) that name them but leave the pickers.
 * `names` holds one name per interface language (English required, the others fall back to it).
 */
export const orangeReportServices = pgTable(
  'orange_report_services',
  {
    id: id(),
    names: jsonb('names').$type<LocalizedNamesOut>().notNull(),
    /** The English name again, as a column: sorting and the unique check read it. */
    nameEn: text('name_en').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    unit: text('unit').notNull(),
    /** Integer cents; null when the service is priced per job. */
    unitPriceCents: integer('unit_price_cents'),
    sortOrder: integer('sort_order').notNull().default(0),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orange_report_services_name_key').on(sql`lower(${t.nameEn})`),
    index('orange_report_services_category_idx').on(t.category, t.sortOrder),
    check('orange_report_services_price_check', sql`${t.unitPriceCents} is null or ${t.unitPriceCents} >= 0`),
  ],
);
