import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { branches, customers, regions, users } from '../../db/schema.js';

/** An announcement or article for customer-side users (decision 027). */
export const contentItems = pgTable(
  'content_items',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    kind: text('kind').notNull().default('announcement'),
    category: text('category').notNull().default('general'),
    title: text('title').notNull(),
    /** Sanitised HTML (sanitize.ts): only the allow-list survives. */
    bodyHtml: text('body_html').notNull().default(''),
    /** An image (files.owner_type `content_image`). */
    imageFileId: uuid('image_file_id'),
    audienceType: text('audience_type').notNull().default('all'),
    regionId: uuid('region_id').references(() => regions.id, { onDelete: 'set null' }),
    branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    /** Customer-side roles it is for; empty: all of them. */
    audienceRoles: text('audience_roles').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').notNull().default('draft'),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    expireAt: timestamp('expire_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('content_items_status_idx').on(t.status, t.publishAt),
    index('content_items_updated_idx').on(t.updatedAt),
    check('content_items_kind_check', sql`${t.kind} in ('announcement', 'article')`),
    check('content_items_category_check', sql`${t.category} in ('general', 'seasonal_tip', 'holiday_schedule', 'storm_update')`),
    check('content_items_audience_check', sql`${t.audienceType} in ('all', 'region', 'branch', 'customers')`),
    check('content_items_status_check', sql`${t.status} in ('draft', 'published')`),
  ],
);

/** The chosen customers of an item with audience `customers`. */
export const contentAudienceCustomers = pgTable(
  'content_audience_customers',
  {
    contentId: uuid('content_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.customerId] }), index('content_audience_customers_customer_idx').on(t.customerId)],
);

/** Who opened an item (once per user: reach). */
export const contentOpens = pgTable(
  'content_opens',
  {
    contentId: uuid('content_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.userId] })],
);
