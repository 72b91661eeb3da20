import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { OCCURRENCE_STATUSES, PLAN_SEASONS, PLAN_STATUSES, SKIP_REASONS, ZONE_KINDS, type PlanFrequency, type PlanItem } from '@grove/shared';
import { customers, regions, users } from '../../db/schema.js';
import { allOf, enumText, oneOf } from '../../db/typed-columns.js';

/*
 * Quarterly (90-day) plans and their templates (issue 11). A template keeps its items as one JSON
 * document (they are always read and written whole); a plan's items are rows, because occurrences
 * and version changes follow each item by id.
 */

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** `customer_id` null: a global template; otherwise a copy tailored to one property. */
export const planTemplates = pgTable(
  'plan_templates',
  {
    id: id(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    season: enumText('season', PLAN_SEASONS).notNull(),
    regionId: uuid('region_id').references(() => regions.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    items: jsonb('items').$type<PlanItem[]>().notNull().default(sql`'[]'::jsonb`),
    /** The template this one was copied from (no FK: the source may be deleted later). */
    sourceTemplateId: uuid('source_template_id'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('plan_templates_customer_idx').on(t.customerId, t.name), oneOf('plan_templates_season_check', t.season, PLAN_SEASONS)],
);

/** Status: draft → published (version ≥ 1) → completed (after its end date). */
export const plans = pgTable(
  'plans',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The template it was made from (no FK: templates can be deleted, plans stay). */
    templateId: uuid('template_id'),
    templateName: text('template_name'),
    name: text('name').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    status: enumText('status', PLAN_STATUSES).notNull().default('draft'),
    version: integer('version').notNull().default(0),
    notes: text('notes').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    acknowledgedVersion: integer('acknowledged_version'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedById: uuid('acknowledged_by_id').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('plans_customer_start_idx').on(t.customerId, t.startDate),
    index('plans_status_end_idx').on(t.status, t.endDate),
    // The list's order: newest quarter first, then name and id (`order by start_date desc` is NULLS FIRST; decision 037).
    index('plans_start_name_idx').on(t.startDate.desc().nullsFirst(), t.name, t.id),
    oneOf('plans_status_check', t.status, PLAN_STATUSES),
  ],
);

export const planItems = pgTable(
  'plan_items',
  {
    id: id(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** An orange-report service of the catalogue (no FK: that table belongs to its own domain). */
    serviceId: uuid('service_id'),
    service: text('service').notNull(),
    description: text('description').notNull().default(''),
    frequency: jsonb('frequency').$type<PlanFrequency>().notNull(),
    zoneIds: uuid('zone_ids').array().notNull().default(sql`'{}'::uuid[]`),
    zoneKinds: enumText('zone_kinds', ZONE_KINDS).array().notNull().default(sql`'{}'::text[]`),
    notes: text('notes').notNull().default(''),
  },
  (t) => [index('plan_items_plan_idx').on(t.planId, t.position), allOf('plan_items_zone_kinds_check', t.zoneKinds, ZONE_KINDS)],
);

/** One dated visit of an item: ticked done, skipped (with a reason) or rescheduled by staff. */
export const planOccurrences = pgTable(
  'plan_occurrences',
  {
    id: id(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => planItems.id, { onDelete: 'cascade' }),
    originalDate: date('original_date').notNull(),
    date: date('date').notNull(),
    status: enumText('status', OCCURRENCE_STATUSES).notNull().default('planned'),
    reason: enumText('reason', SKIP_REASONS),
    note: text('note').notNull().default(''),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    /** Set when the account manager was told it is overdue (told once). */
    overdueNotifiedAt: timestamp('overdue_notified_at', { withTimezone: true }),
  },
  (t) => [
    index('plan_occurrences_plan_date_idx').on(t.planId, t.date),
    index('plan_occurrences_item_idx').on(t.itemId),
    // The overdue check reads only open visits not yet reported.
    index('plan_occurrences_open_idx').on(t.date).where(sql`status in ('planned', 'rescheduled') and overdue_notified_at is null`),
    oneOf('plan_occurrences_status_check', t.status, OCCURRENCE_STATUSES),
    oneOf('plan_occurrences_reason_check', t.reason, SKIP_REASONS),
  ],
);

export interface PlanSnapshot {
  name: string;
  startDate: string;
  endDate: string;
  notes: string;
  items: PlanItem[];
}

/** Each published version as it was, so a customer sees what changed since they acknowledged. */
export const planVersions = pgTable(
  'plan_versions',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<PlanSnapshot>().notNull(),
    changeNote: text('change_note').notNull().default(''),
    publishedById: uuid('published_by_id').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.version] })],
);

export const planComments = pgTable(
  'plan_comments',
  {
    id: id(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('plan_comments_plan_idx').on(t.planId, t.createdAt)],
);
