import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { APPROVAL_ROUND_STATUSES, PROPOSAL_STATUSES, type OptionKey, type ProposalLineItem, type ProposalOption } from '@grove/shared';
import { customers, serviceRequests, users } from '../../db/schema.js';
import { enumText, oneOf } from '../../db/typed-columns.js';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

export const proposalCounters = pgTable('proposal_counters', {
  year: integer('year').primaryKey(),
  lastValue: integer('last_value').notNull(),
});

/** A proposal: its number, customer and life cycle. The content lives in its versions. */
export const proposals = pgTable(
  'proposals',
  {
    id: id(),
    number: text('number').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    status: enumText('status', PROPOSAL_STATUSES).notNull().default('draft'),
    /** The latest version (the one customers see and may sign). */
    currentVersion: integer('current_version').notNull().default(1),
    serviceRequestId: uuid('service_request_id').references(() => serviceRequests.id, { onDelete: 'set null' }),
    /** The orange report it answers; no foreign key (that table belongs to the orange-reports area). */
    orangeReportId: uuid('orange_report_id'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    chosenOptionKey: text('chosen_option_key').$type<OptionKey>(),
    sentAt: at('sent_at'),
    viewedAt: at('viewed_at'),
    /** Accepted, declined, rejected by the board, expired or withdrawn. */
    decidedAt: at('decided_at'),
    declineReason: text('decline_reason'),
    withdrawReason: text('withdraw_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('proposals_number_key').on(t.number),
    index('proposals_customer_idx').on(t.customerId, t.updatedAt),
    index('proposals_status_idx').on(t.status),
    // The staff list's default order (`-updatedAt`, then id; read backwards; decision 037).
    index('proposals_updated_idx').on(t.updatedAt, t.id),
    // Open proposals (OPEN_PROPOSAL_STATUSES): the list's open count and value.
    index('proposals_open_idx').on(t.customerId).where(sql`status in ('sent', 'viewed', 'pending_approval')`),
    oneOf('proposals_status_check', t.status, PROPOSAL_STATUSES),
  ],
);

/**
 * One version of a proposal's content. A draft's version is edited in place; once sent a version
 * never changes (a revision adds the next one), and its SHA-256 is what a signature refers to.
 */
export const proposalVersions = pgTable(
  'proposal_versions',
  {
    id: id(),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    scope: text('scope').notNull().default(''),
    validUntil: date('valid_until').notNull(),
    lineItems: jsonb('line_items').$type<ProposalLineItem[]>().notNull(),
    options: jsonb('options').$type<ProposalOption[]>().notNull().default(sql`'[]'::jsonb`),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull(),
    /** Without alternatives the total; with them the highest alternative's. Bigint: totals may pass $21M. */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    contentSha256: text('content_sha256'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (t) => [uniqueIndex('proposal_versions_key').on(t.proposalId, t.version)],
);

/** The electronic signature of one version (issue 12: who, role, when, where from, what exactly). */
export const proposalSignatures = pgTable(
  'proposal_signatures',
  {
    id: id(),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    signerId: uuid('signer_id')
      .notNull()
      .references(() => users.id),
    signerName: text('signer_name').notNull(),
    signerRoles: text('signer_roles').array().notNull(),
    consent: boolean('consent').notNull(),
    optionKey: text('option_key').$type<OptionKey>(),
    contentSha256: text('content_sha256').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    signedAt: at('signed_at').notNull().defaultNow(),
  },
  (t) => [index('proposal_signatures_proposal_idx').on(t.proposalId, t.signedAt)],
);

/** A board approval round started by a signature above the customer's threshold. */
export const proposalApprovalRounds = pgTable(
  'proposal_approval_rounds',
  {
    id: id(),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    signatureId: uuid('signature_id')
      .notNull()
      .references(() => proposalSignatures.id, { onDelete: 'cascade' }),
    status: enumText('status', APPROVAL_ROUND_STATUSES).notNull().default('open'),
    thresholdCents: integer('threshold_cents').notNull(),
    requiredApprovals: integer('required_approvals').notNull(),
    /** The customer's active board members when the round started: they, and only they, vote. */
    voterIds: uuid('voter_ids').array().notNull(),
    startedAt: createdAt(),
    closedAt: at('closed_at'),
  },
  (t) => [
    index('proposal_approval_rounds_proposal_idx').on(t.proposalId, t.startedAt),
    oneOf('proposal_approval_rounds_status_check', t.status, APPROVAL_ROUND_STATUSES),
  ],
);

export const proposalVotes = pgTable(
  'proposal_votes',
  {
    roundId: uuid('round_id')
      .notNull()
      .references(() => proposalApprovalRounds.id, { onDelete: 'cascade' }),
    voterId: uuid('voter_id')
      .notNull()
      .references(() => users.id),
    vote: text('vote').$type<'approve' | 'reject'>().notNull(),
    comment: text('comment'),
    votedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.voterId] })],
);

/** Per-customer rule: totals above `thresholdCents` need `requiredApprovals` board approvals. No row: none. */
export const proposalApprovalRules = pgTable('proposal_approval_rules', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  thresholdCents: integer('threshold_cents').notNull(),
  requiredApprovals: integer('required_approvals').notNull(),
  updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
