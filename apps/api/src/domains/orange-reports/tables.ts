import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  ORANGE_REPORT_CATEGORIES,
  ORANGE_REPORT_EVENT_KINDS,
  ORANGE_REPORT_EVENT_VISIBILITIES,
  ORANGE_REPORT_PHOTO_KINDS,
  ORANGE_REPORT_STATUSES,
  ORANGE_REPORT_URGENCIES,
  ORANGE_SERVICE_CATEGORIES,
  ORANGE_SERVICE_UNITS,
  type LocalizedNamesOut,
} from '@grove/shared';
import { customers, customerZones, files, serviceRequests, users } from '../../db/schema.js';
import { enumText, oneOf } from '../../db/typed-columns.js';

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
    category: enumText('category', ORANGE_SERVICE_CATEGORIES).notNull(),
    unit: enumText('unit', ORANGE_SERVICE_UNITS).notNull(),
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
    oneOf('orange_report_services_category_check', t.category, ORANGE_SERVICE_CATEGORIES),
    oneOf('orange_report_services_unit_check', t.unit, ORANGE_SERVICE_UNITS),
  ],
);

/** Per-year counter behind report numbers (OR-2026-0042); the upsert locks the year's row. */
export const orangeReportCounters = pgTable('orange_report_counters', {
  year: integer('year').primaryKey(),
  lastValue: integer('last_value').notNull(),
});

/**
 * A crew's field report (issue 10): draft → submitted → returned | approved → acknowledged →
 * resolved | declined. Customer users only ever read approved (published) ones.
 */
export const orangeReports = pgTable(
  'orange_reports',
  {
    id: id(),
    number: text('number').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    status: enumText('status', ORANGE_REPORT_STATUSES).notNull().default('draft'),
    title: text('title').notNull().default(''),
    foundOn: date('found_on').notNull(),
    category: enumText('category', ORANGE_REPORT_CATEGORIES),
    urgency: enumText('urgency', ORANGE_REPORT_URGENCIES),
    findings: text('findings').notNull().default(''),
    zoneId: uuid('zone_id').references(() => customerZones.id, { onDelete: 'set null' }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationText: text('location_text').notNull().default(''),
    serviceRequestId: uuid('service_request_id').references(() => serviceRequests.id, { onDelete: 'set null' }),
    /** Sum of the priced lines, computed on the server. */
    totalCents: integer('total_cents').notNull().default(0),
    totalIncomplete: boolean('total_incomplete').notNull().default(false),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    returnComment: text('return_comment'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedById: uuid('acknowledged_by_id').references(() => users.id, { onDelete: 'set null' }),
    proposalRequestedAt: timestamp('proposal_requested_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orange_reports_number_key').on(t.number),
    index('orange_reports_customer_created_idx').on(t.customerId, t.createdAt),
    index('orange_reports_author_idx').on(t.authorId),
    // The list's default order (newest first, then id): its first page and capped total walk this (decision 037).
    index('orange_reports_created_idx').on(t.createdAt, t.id),
    // The review queue reads submitted reports, oldest first.
    index('orange_reports_pending_idx').on(t.submittedAt).where(sql`status = 'submitted'`),
    index('orange_reports_status_idx').on(t.status),
    oneOf('orange_reports_status_check', t.status, ORANGE_REPORT_STATUSES),
    oneOf('orange_reports_category_check', t.category, ORANGE_REPORT_CATEGORIES),
    oneOf('orange_reports_urgency_check', t.urgency, ORANGE_REPORT_URGENCIES),
  ],
);

/** Photos of the finding and, after the work, "after" photos; each with a caption. */
export const orangeReportPhotos = pgTable(
  'orange_report_photos',
  {
    id: id(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => orangeReports.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    kind: enumText('kind', ORANGE_REPORT_PHOTO_KINDS).notNull().default('finding'),
    caption: text('caption').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('orange_report_photos_report_idx').on(t.reportId, t.sortOrder),
    uniqueIndex('orange_report_photos_file_key').on(t.fileId),
    oneOf('orange_report_photos_kind_check', t.kind, ORANGE_REPORT_PHOTO_KINDS),
  ],
);

/** Recommended catalogue services, with the name and price as they were when recommended. */
export const orangeReportRecommendations = pgTable(
  'orange_report_recommendations',
  {
    id: id(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => orangeReports.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => orangeReportServices.id),
    names: jsonb('names').$type<LocalizedNamesOut>().notNull(),
    category: enumText('category', ORANGE_SERVICE_CATEGORIES).notNull(),
    unit: enumText('unit', ORANGE_SERVICE_UNITS).notNull(),
    quantity: doublePrecision('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents'),
    lineTotalCents: integer('line_total_cents'),
    note: text('note').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('orange_report_recommendations_report_idx').on(t.reportId, t.sortOrder),
    index('orange_report_recommendations_service_idx').on(t.serviceId),
    oneOf('orange_report_recommendations_category_check', t.category, ORANGE_SERVICE_CATEGORIES),
    oneOf('orange_report_recommendations_unit_check', t.unit, ORANGE_SERVICE_UNITS),
  ],
);

/** The report's timeline: every change (who, when, what), comments; `staff` entries never reach customers. */
export const orangeReportEvents = pgTable(
  'orange_report_events',
  {
    id: id(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => orangeReports.id, { onDelete: 'cascade' }),
    kind: enumText('kind', ORANGE_REPORT_EVENT_KINDS).notNull(),
    visibility: enumText('visibility', ORANGE_REPORT_EVENT_VISIBILITIES).notNull().default('staff'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull().default(''),
    fromStatus: enumText('from_status', ORANGE_REPORT_STATUSES),
    toStatus: enumText('to_status', ORANGE_REPORT_STATUSES),
    data: jsonb('data').$type<Record<string, string | number | boolean | null>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('orange_report_events_report_idx').on(t.reportId, t.seq),
    oneOf('orange_report_events_kind_check', t.kind, ORANGE_REPORT_EVENT_KINDS),
    oneOf('orange_report_events_visibility_check', t.visibility, ORANGE_REPORT_EVENT_VISIBILITIES),
    oneOf('orange_report_events_from_status_check', t.fromStatus, ORANGE_REPORT_STATUSES),
    oneOf('orange_report_events_to_status_check', t.toStatus, ORANGE_REPORT_STATUSES),
  ],
);
