import { sql } from 'drizzle-orm';
import {
  boolean,
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
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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
    type: text('type').notNull().default('hoa'),
    status: text('status').notNull().default('active'),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_account_number_key').on(t.accountNumber),
    index('customers_region_idx').on(t.regionId),
    index('customers_branch_idx').on(t.branchId),
    index('customers_name_id_idx').on(t.name, t.id),
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
    teamRole: text('team_role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.userId] }), index('customer_team_user_idx').on(t.userId)],
);

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
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.userId] }), index('customer_users_user_idx').on(t.userId)],
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

export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    purpose: text('purpose').notNull().default('reset'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_codes_user_idx').on(t.userId)],
);

/** Every email goes here first; SMTP delivery updates the row. Locally it is how a reset link is read. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_outbox_created_idx').on(t.createdAt)],
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
    kind: text('kind').notNull(),
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
    createdAt: createdAt(),
  },
  (t) => [
    index('files_owner_idx').on(t.ownerType, t.ownerId),
    index('files_customer_idx').on(t.customerId),
    index('files_unattached_idx').on(t.createdAt).where(sql`attached_at is null`),
  ],
);
