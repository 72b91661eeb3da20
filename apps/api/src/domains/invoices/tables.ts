import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { INVOICE_KINDS, INVOICE_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, type InvoiceLineItem } from '@grove/shared';
import { customers, files, users } from '../../db/schema.js';
import { enumText, oneOf } from '../../db/typed-columns.js';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const at = (name: string) => timestamp(name, { withTimezone: true });

export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastValue: integer('last_value').notNull(),
});

/**
 * An invoice: itemized (line items priced on the server) or uploaded (the accounting system's PDF
 * with its number and amount typed in). Amounts are integer cents; `paid_cents` is the sum of its
 * succeeded payments, kept in the payment's transaction so balances and aging are plain sums.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    number: text('number').notNull(),
    kind: enumText('kind', INVOICE_KINDS).notNull().default('itemized'),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    status: enumText('status', INVOICE_STATUSES).notNull().default('draft'),
    issueDate: date('issue_date').notNull(),
    dueDate: date('due_date').notNull(),
    notes: text('notes').notNull().default(''),
    lineItems: jsonb('line_items').$type<InvoiceLineItem[]>().notNull().default(sql`'[]'::jsonb`),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    /** The uploaded PDF (kind `uploaded`); the file row is owned by this invoice. */
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: at('issued_at'),
    issuedById: uuid('issued_by_id').references(() => users.id, { onDelete: 'set null' }),
    paidAt: at('paid_at'),
    voidedAt: at('voided_at'),
    voidReason: text('void_reason'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    index('invoices_customer_idx').on(t.customerId, t.issueDate),
    index('invoices_status_due_idx').on(t.status, t.dueDate),
    // The list's default order (`-issueDate`: issue date, creation, id; read backwards; decision 037).
    index('invoices_issue_idx').on(t.issueDate, t.createdAt, t.id),
    // Open invoices (OPEN_INVOICE_STATUSES) in the list's default order: the overdue filter's first
    // page (read backwards, due dates checked on the way) and the open/overdue balance.
    index('invoices_open_issue_idx').on(t.issueDate, t.createdAt, t.id).where(sql`status in ('issued', 'partly_paid')`),
    oneOf('invoices_kind_check', t.kind, INVOICE_KINDS),
    oneOf('invoices_status_check', t.status, INVOICE_STATUSES),
  ],
);

/**
 * A payment against an invoice. Staff record them today (`provider` null, `recorded_by_id` set); a
 * card provider added later writes rows with its name and its own id (`provider`, `external_id`,
 * unique together, so a webhook delivered twice records once) and may report `pending`, `failed`
 * or `refunded`. Only `succeeded` rows count towards `invoices.paid_cents`.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    paidOn: date('paid_on').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: enumText('method', PAYMENT_METHODS).notNull(),
    reference: text('reference').notNull().default(''),
    status: enumText('status', PAYMENT_STATUSES).notNull().default('succeeded'),
    provider: text('provider'),
    externalId: text('external_id'),
    recordedById: uuid('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoiceId, t.paidOn),
    uniqueIndex('invoice_payments_provider_key').on(t.provider, t.externalId),
    oneOf('invoice_payments_method_check', t.method, PAYMENT_METHODS),
    oneOf('invoice_payments_status_check', t.status, PAYMENT_STATUSES),
  ],
);
