import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  CUSTOMER_STATUSES,
  CUSTOMER_TEAM_ROLES,
  CUSTOMER_TYPES,
  FILE_KINDS,
  PREFERRED_CONTACTS,
  SERVICE_REQUEST_STATUSES,
  SLA_CLOCKS,
  TIMELINE_KINDS,
  TIMELINE_VISIBILITIES,
  ZONE_KINDS,
} from '@grove/shared';
import { enumText, oneOf } from './typed-columns.js';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Versions of what the API processes cache in memory (decision 033), one row. Triggers of migration
 * 0025 bump `scope` when anything a customer scope is made of changes (customers' region, branch or
 * account manager, teams, customer-user links, users' roles, region, branch or active flag) and
 * `reference` when service-request types, priorities, branches or regions change. The session lookup
 * of every call reads both, so a change committed by any process is seen by the next call everywhere.
 */
export const cacheEpoch = pgTable(
  'cache_epoch',
  {
    id: integer('id').primaryKey().default(1),
    scope: bigint('scope', { mode: 'number' }).notNull().default(0),
    reference: bigint('reference', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('cache_epoch_one_row', sql`${t.id} = 1`)],
);

export const regions = pgTable('regions', {
  id: id(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

export const branches = pgTable('branches', {
  id: id(),
  regionId: uuid('region_id')
    .notNull()
    .references(() => regions.id),
  name: text('name').notNull().unique(),
  timeZone: text('time_zone').notNull().default('America/New_York'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Always the lower-cased email; kept separate so it can diverge later without a migration. */
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    title: text('title'),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    regionId: uuid('region_id').references(() => regions.id),
    branchId: uuid('branch_id').references(() => branches.id),
    active: boolean('active').notNull().default(true),
    language: text('language').notNull().default('en'),
    /** IANA time zone the user reads times in; null = the browser's own. */
    timeZone: text('time_zone'),
    /** Authenticator-app secret (AES-GCM sealed with a key from the token secret); null = no 2FA. */
    totpSecret: text('totp_secret'),
    /** A secret offered at enrolment, until the first code proves the app holds it. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** Last accepted 30-second step: a code is never accepted twice (replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Staff photo for the team directory (a file of kind photo, owner `staff_photo`). */
    photoFileId: uuid('photo_file_id'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_username_key').on(t.username), index('users_branch_idx').on(t.branchId)],
);

export const customers = pgTable(
  'customers',
  {
    id: id(),
    name: text('name').notNull(),
    accountNumber: text('account_number').notNull(),
    type: enumText('type', CUSTOMER_TYPES).notNull().default('hoa'),
    status: enumText('status', CUSTOMER_STATUSES).notNull().default('active'),
    addressLine1: text('address_line1').notNull().default(''),
    addressLine2: text('address_line2'),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    regionId: uuid('region_id')
      .notNull()
      .references(() => regions.id),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
    accountManagerId: uuid('account_manager_id').references(() => users.id),
    contractStart: date('contract_start'),
    contractEnd: date('contract_end'),
    serviceDays: text('service_days').array().notNull().default(sql`'{}'::text[]`),
    propertySizeAcres: doublePrecision('property_size_acres'),
    notes: text('notes'),
    /** The property photo (a file attached with owner `customer_photo`); no FK: files reference customers. */
    photoFileId: uuid('photo_file_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_account_number_key').on(t.accountNumber),
    index('customers_region_idx').on(t.regionId),
    index('customers_branch_idx').on(t.branchId),
    // The list's default order (`lower(name) collate "C"`, decision 044): a page reads 25 entries, not a sort of every customer.
    index('customers_name_sort_idx').on(sql`lower(${t.name}) collate "C"`, t.id),
    index('customers_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // The search box's four columns in one trigram index (decision 047): one bitmap scan finds the
    // candidates, the four ILIKEs recheck them (customers/service.ts, `searchText`).
    index('customers_search_trgm_idx').using('gin', sql`(${t.name} || ' ' || ${t.accountNumber} || ' ' || ${t.addressLine1} || ' ' || ${t.city}) gin_trgm_ops`),
    oneOf('customers_type_check', t.type, CUSTOMER_TYPES),
    oneOf('customers_status_check', t.status, CUSTOMER_STATUSES),
  ],
);

/** Staff on a customer's team: scopes Account Managers, Crew Leaders and Business Development. */
export const customerTeam = pgTable(
  'customer_team',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamRole: enumText('team_role', CUSTOMER_TEAM_ROLES).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.userId] }),
    index('customer_team_user_idx').on(t.userId),
    oneOf('customer_team_role_check', t.teamRole, CUSTOMER_TEAM_ROLES),
  ],
);

/** Stored membership statuses (the list's "invited" is derived: no password yet, or `requested`). */
export const CUSTOMER_USER_STATUSES = ['active', 'pending_approval', 'requested', 'disabled'] as const;
export type CustomerUserStatus = (typeof CUSTOMER_USER_STATUSES)[number];

/** Customer-side users and the customers they belong to (one person may belong to several). */
export const customerUsers = pgTable(
  'customer_users',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * `active`, `pending_approval` (self-registered resident), `requested` (a customer-side manager
     * asked an existing account to join; the person accepts after signing in) or `disabled`;
     * "invited" is derived (no password yet, or `requested`).
     */
    status: enumText('status', CUSTOMER_USER_STATUSES).notNull().default('active'),
    /** Who added the person (shown to them with a join request). */
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Customer-side roles at this customer; users.roles holds the union (docs/decisions/007-per-customer-roles.md). */
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    /** Unit or street address a resident gave when registering. */
    unit: text('unit'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.userId] }),
    index('customer_users_user_idx').on(t.userId),
    oneOf('customer_users_status_check', t.status, CUSTOMER_USER_STATUSES),
  ],
);

/** Server-side session behind every access token: revoking the row ends the token at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fingerprintHash: text('fingerprint_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time recovery codes for two-factor sign-in: only their SHA-256 is kept; each works once. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('totp_recovery_codes_user_idx').on(t.userId)],
);

/** Company-wide sign-in policy (one row, set by System Admin). */
export const signInPolicy = pgTable('sign_in_policy', {
  id: integer('id').primaryKey().default(1),
  /** Staff roles must sign in with an authenticator code; those without one enrol at next sign-in. */
  requireStaffTwoFactor: boolean('require_staff_two_factor').notNull().default(false),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    purpose: text('purpose').notNull().default('reset'),
    /** The customer an invitation is for: a new invitation replaces only that customer's earlier one. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_codes_user_idx').on(t.userId)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_subject_idx').on(t.subjectUserId)],
);

/** Uploaded photos and files. A file belongs to a customer once attached; unattached ones expire. */
export const files = pgTable(
  'files',
  {
    id: id(),
    kind: enumText('kind', FILE_KINDS).notNull(),
    originalName: text('original_name').notNull(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** Derived images (thumbnail, web size) by variant name → storage key. */
    variants: jsonb('variants').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** EXIF GPS position, kept as data; never served inside the image. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** What the file is attached to, e.g. `service_request` + its id. */
    ownerType: text('owner_type'),
    ownerId: uuid('owner_id'),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    /** Attached to a staff-only record (an internal note): never served to customer users. */
    staffOnly: boolean('staff_only').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_owner_idx').on(t.ownerType, t.ownerId),
    index('files_customer_idx').on(t.customerId),
    index('files_unattached_idx').on(t.createdAt).where(sql`attached_at is null`),
    oneOf('files_kind_check', t.kind, FILE_KINDS),
  ],
);

// ── Service requests (issue 5) ──────────────────────────────────────────────────────────────────

/** Request types, managed by System Admin; retired types stay on old requests but leave the pickers. */
export const serviceRequestTypes = pgTable('service_request_types', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Priorities with their SLA targets in hours of `clock` (business: Mon–Fri 08–17 branch time; calendar: 24×7). */
export const serviceRequestPriorities = pgTable(
  'service_request_priorities',
  {
    id: id(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    rank: integer('rank').notNull(),
    responseTargetHours: integer('response_target_hours').notNull(),
    resolutionTargetHours: integer('resolution_target_hours').notNull(),
    clock: enumText('clock', SLA_CLOCKS).notNull().default('business'),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [oneOf('service_request_priorities_clock_check', t.clock, SLA_CLOCKS)],
);

/** Per-year counter behind the readable request numbers (SR-2026-0042); the upsert locks the row. */
export const serviceRequestCounters = pgTable('service_request_counters', {
  year: integer('year').primaryKey(),
  lastValue: integer('last_value').notNull(),
});

export const serviceRequests = pgTable(
  'service_requests',
  {
    id: id(),
    number: text('number').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    typeId: uuid('type_id')
      .notNull()
      .references(() => serviceRequestTypes.id),
    priorityId: uuid('priority_id')
      .notNull()
      .references(() => serviceRequestPriorities.id),
    status: enumText('status', SERVICE_REQUEST_STATUSES).notNull().default('new'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    locationText: text('location_text').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** A zone of the customer map; cleared when the zone is deleted. */
    zoneId: uuid('zone_id').references((): AnyPgColumn => customerZones.id, { onDelete: 'set null' }),
    preferredContact: enumText('preferred_contact', PREFERRED_CONTACTS).notNull().default('email'),
    /** Who asked: a customer user, or the staff member who filed on the customer's behalf. */
    requesterId: uuid('requester_id').references(() => users.id, { onDelete: 'set null' }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    scheduledDate: date('scheduled_date'),
    /** Optional time window of the visit (`HH:mm`, branch time zone). */
    scheduledFrom: text('scheduled_from'),
    scheduledTo: text('scheduled_to'),
    responseDueAt: timestamp('response_due_at', { withTimezone: true }).notNull(),
    resolutionDueAt: timestamp('resolution_due_at', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    reopenCount: integer('reopen_count').notNull().default(0),
    /**
     * Business hours (decision 006) from filing to acknowledgement and to completion, in the
     * branch's zone; null until then. Set by the database (trigger `service_requests_business_hours`,
     * migration 0026, decision 031) whenever those times change, so every writer stores them.
     */
    firstResponseHours: doublePrecision('first_response_hours'),
    resolutionHours: doublePrecision('resolution_hours'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('service_requests_number_key').on(t.number),
    // With id: a scoped list's page (customer_id = any($scope), newest first) is read from this index alone (decision 044).
    index('service_requests_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    index('service_requests_created_idx').on(t.createdAt, t.id),
    index('service_requests_assignee_idx').on(t.assigneeId),
    index('service_requests_status_idx').on(t.status),
    index('service_requests_type_idx').on(t.typeId),
    index('service_requests_priority_idx').on(t.priorityId),
    // The auto-close job and the overdue filter read only open/completed rows.
    index('service_requests_completed_idx').on(t.completedAt).where(sql`status = 'completed'`),
    // Scale (issue 15, decision 029): open requests are a few percent of the table. The open and
    // overdue lists walk this in created order; the customers list counts a page's open requests.
    index('service_requests_open_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`status in ('new', 'acknowledged', 'scheduled', 'in_progress')`),
    index('service_requests_open_customer_idx')
      .on(t.customerId)
      .where(sql`status in ('new', 'acknowledged', 'scheduled', 'in_progress')`),
    // Search (`ILIKE '%x%'` on number and title): trigram GIN indexes (pg_trgm, on both engines).
    // The number sort (byte order, like every text sort: same on both engines).
    index('service_requests_number_c_idx').on(sql`${t.number} collate "C"`, t.id),
    index('service_requests_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('service_requests_number_trgm_idx').using('gin', sql`${t.number} gin_trgm_ops`),
    // The performance report at scale (decision 031): a range of filing or completion times read
    // from the index alone, and requests still open by their resolution due time.
    index('service_requests_report_filed_idx').on(t.createdAt, t.customerId, t.firstResponseHours),
    index('service_requests_report_completed_idx').on(t.completedAt, t.customerId, t.resolutionDueAt, t.resolutionHours, t.reopenCount),
    index('service_requests_open_due_idx')
      .on(t.resolutionDueAt)
      .where(sql`status in ('new', 'acknowledged', 'scheduled', 'in_progress')`),
    oneOf('service_requests_status_check', t.status, SERVICE_REQUEST_STATUSES),
    oneOf('service_requests_preferred_contact_check', t.preferredContact, PREFERRED_CONTACTS),
  ],
);

/** The request's timeline: comments, internal notes (staff only) and every change. */
export const serviceRequestEvents = pgTable(
  'service_request_events',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    kind: enumText('kind', TIMELINE_KINDS).notNull(),
    /** `all` or `staff`; customer users never receive `staff` entries. */
    visibility: enumText('visibility', TIMELINE_VISIBILITIES).notNull().default('all'),
    /** Null for the system (auto-close). */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull().default(''),
    fromStatus: enumText('from_status', SERVICE_REQUEST_STATUSES),
    toStatus: enumText('to_status', SERVICE_REQUEST_STATUSES),
    data: jsonb('data').$type<Record<string, string | number | boolean | null>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    /** Insertion order: entries written in one transaction share `created_at`. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('service_request_events_request_idx').on(t.requestId, t.createdAt),
    oneOf('service_request_events_kind_check', t.kind, TIMELINE_KINDS),
    oneOf('service_request_events_visibility_check', t.visibility, TIMELINE_VISIBILITIES),
    oneOf('service_request_events_from_status_check', t.fromStatus, SERVICE_REQUEST_STATUSES),
    oneOf('service_request_events_to_status_check', t.toStatus, SERVICE_REQUEST_STATUSES),
  ],
);

// ── Notifications (issue 5) ─────────────────────────────────────────────────────────────────────

/** One notification of one user; title and text are rendered from `messageKey` in the reader's language. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    messageKey: text('message_key').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx').on(t.userId).where(sql`read_at is null`),
  ],
);

/** A user's choice per notification kind; a missing row means the kind's default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Notification choices of one membership (a person at one customer), set by that customer's
 * managers; they apply to notifications about that customer and win over the person's own
 * choices (notification_preferences). Issue 9 §5: a customer manages only its own membership.
 */
export const membershipNotificationPreferences = pgTable(
  'membership_notification_preferences',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.userId, t.kind] })],
);

// ── Customers, people and portal access (issue 4) ───────────────────────────────────────────────

/** Per-customer settings; a missing row means the defaults (no self-registration, board members cannot manage users). */
export const customerSettings = pgTable(
  'customer_settings',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    selfRegistrationEnabled: boolean('self_registration_enabled').notNull().default(false),
    /** Normalised (upper case, no separators); shown as XXXX-XXXX. */
    registrationCode: text('registration_code'),
    boardMembersManagePortal: boolean('board_members_manage_portal').notNull().default(false),
    /** Notification kind → customer-side roles that receive it; a missing kind uses its default. */
    notificationRoles: jsonb('notification_roles').$type<Record<string, string[]>>().notNull().default(sql`'{}'::jsonb`),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('customer_settings_registration_code_key').on(t.registrationCode)],
);

/** Zones drawn on the customer map: GeoJSON Polygon/MultiPolygon with the area computed on save. */
export const customerZones = pgTable(
  'customer_zones',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: enumText('kind', ZONE_KINDS).notNull(),
    color: text('color').notNull(),
    geometry: jsonb('geometry').$type<{ type: 'Polygon' | 'MultiPolygon'; coordinates: unknown }>().notNull(),
    areaSqM: doublePrecision('area_sq_m').notNull(),
    notes: text('notes'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('customer_zones_customer_idx').on(t.customerId, t.name), oneOf('customer_zones_kind_check', t.kind, ZONE_KINDS)],
);

// Emails and other work after commit: the outbox lives with its worker (outbox/).
export { outbox, type OutboxRow, type OutboxStatus } from '../outbox/table.js';
// Live events (live/): the fan-out and replay log of the event stream.
export { liveEvents, type LiveEventRow } from '../live/table.js';

// ── HTTP: idempotent retries (issue 9 §2) ───────────────────────────────────────────────────────

/**
 * One row per Idempotency-Key of a caller, kept 24 hours (http/idempotency.ts). `state`:
 *   running    the first request is being handled (until `lease_until`);
 *   committed  its changes were saved but its answer was not (the process failed in between);
 *   done       the answer is stored and replayed for every repeat.
 */
export const IDEMPOTENCY_STATES = ['running', 'committed', 'done'] as const;

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    callerId: uuid('caller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of method, path and body: a repeat must be the same request. */
    requestHash: text('request_hash').notNull(),
    state: enumText('state', IDEMPOTENCY_STATES).notNull().default('running'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    contentType: text('content_type'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.callerId, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
    oneOf('idempotency_keys_state_check', t.state, IDEMPOTENCY_STATES),
  ],
);
