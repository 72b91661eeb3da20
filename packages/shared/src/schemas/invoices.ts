import { z } from 'zod';
import { hasAtMostThreeDecimals } from '../money.js';
import { pageOf, pageQuerySchema, text } from './common.js';

/*
 * Invoices, payments and aging (issue 12; docs/decisions/021).
 *
 *   GET    /api/Invoices?InvoiceListQuery        → InvoicePage (open and overdue balance of the filter)  signed in
 *   GET    /api/Invoices/export.csv?…            → CSV of the filter (headers in the caller's language)
 *   GET    /api/Invoices/aging?customerId=&asOf= → AgingSummary (per customer and in scope)
 *   GET    /api/Invoices/aging.csv?…             → CSV of the aging summary
 *   POST   /api/Invoices                         InvoiceCreate → InvoiceDetail (201, draft)             staff
 *   GET    /api/Invoices/{id}                    → InvoiceDetail (customer users: issued ones only)
 *   PUT    /api/Invoices/{id}                    InvoiceWrite → InvoiceDetail (draft only)              staff
 *   DELETE /api/Invoices/{id}                    → 204 (draft only)                                     staff
 *   POST   /api/Invoices/{id}/issue              → InvoiceDetail (draft → issued)                       staff
 *   POST   /api/Invoices/{id}/void               { reason } (draft or issued without payments)          staff
 *   POST   /api/Invoices/{id}/payments           PaymentCreate → InvoiceDetail (issued / partly paid)   staff
 *   GET    /api/Invoices/{id}/pdf                → application/pdf (generated, or the uploaded file)
 * Wrong status → 409 with the reason; out of scope (or not shown to the caller) → 404.
 */

export const INVOICE_STATUSES = ['draft', 'issued', 'partly_paid', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Statuses with money still owed (balance, overdue and aging count these). */
export const OPEN_INVOICE_STATUSES = ['issued', 'partly_paid'] as const satisfies readonly InvoiceStatus[];

/** `itemized`: line items priced by Grove; `uploaded`: a PDF from the accounting system with its figures typed in. */
export const INVOICE_KINDS = ['itemized', 'uploaded'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_ACTIONS = ['edit', 'issue', 'void', 'delete', 'pay'] as const;
export type InvoiceAction = (typeof INVOICE_ACTIONS)[number];

/** Customer-side roles (at the customer) who see its invoices (decision 021). */
export const INVOICE_VIEWER_ROLES = ['Property Manager', 'Board Member'] as const;

/** How a payment arrived. `card` is for a card provider later (decision 021); staff may record it too. */
export const PAYMENT_METHODS = ['check', 'ach', 'wire', 'card', 'cash', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'days90plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** Which bucket a balance falls in, by whole days past its due date (0 or less: current). */
export function agingBucketOf(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'days1to30';
  if (daysPastDue <= 60) return 'days31to60';
  if (daysPastDue <= 90) return 'days61to90';
  return 'days90plus';
}

export const INVOICE_LIMITS = {
  number: 40,
  description: 500,
  unit: 20,
  lineItems: 200,
  notes: 2000,
  reason: 1000,
  reference: 100,
  maxQuantity: 100_000,
  /** $10,000,000.00 per unit, and per uploaded invoice or payment. */
  maxUnitPriceCents: 1_000_000_000,
  maxAmountCents: 100_000_000_000,
  maxTaxRateBps: 10_000,
} as const;

const isoDate = z.iso.date({ message: 'invalid' });
/** What an invoice number may look like (typed for uploaded invoices): letters, digits and - _ / . */
const INVOICE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

export const invoiceLineItemInputSchema = z.object({
  description: text(INVOICE_LIMITS.description),
  quantity: z
    .number()
    .gt(0)
    .max(INVOICE_LIMITS.maxQuantity)
    .refine(hasAtMostThreeDecimals, { message: 'invalid' }),
  unit: z.string().trim().max(INVOICE_LIMITS.unit).default('each'),
  unitPriceCents: z.number().int().min(0).max(INVOICE_LIMITS.maxUnitPriceCents),
  taxRateBps: z.number().int().min(0).max(INVOICE_LIMITS.maxTaxRateBps).default(0),
});
export type InvoiceLineItemInput = z.input<typeof invoiceLineItemInputSchema>;

/**
 * What staff write. Itemized: line items (the number is given by Grove, `INV-YYYY-NNNN`). Uploaded:
 * the accounting system's PDF (`fileId` from `/api/Files/uploadFile`) with its number and amount.
 */
export const invoiceWriteSchema = z
  .object({
    kind: z.enum(INVOICE_KINDS).default('itemized'),
    issueDate: isoDate,
    dueDate: isoDate,
    notes: z.string().trim().max(INVOICE_LIMITS.notes).default(''),
    lineItems: z.array(invoiceLineItemInputSchema).max(INVOICE_LIMITS.lineItems).default([]),
    number: z.string().trim().max(INVOICE_LIMITS.number).regex(INVOICE_NUMBER, { message: 'invalid' }).nullable().optional(),
    amountCents: z.number().int().min(1).max(INVOICE_LIMITS.maxAmountCents).nullable().optional(),
    fileId: z.uuid({ message: 'invalid' }).nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.dueDate < value.issueDate) ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'invalid' });
    if (value.kind === 'itemized') {
      if (value.lineItems.length === 0) ctx.addIssue({ code: 'custom', path: ['lineItems'], message: 'required' });
      return;
    }
    if (!value.number) ctx.addIssue({ code: 'custom', path: ['number'], message: 'required' });
    if (!value.amountCents) ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'required' });
    if (!value.fileId) ctx.addIssue({ code: 'custom', path: ['fileId'], message: 'required' });
    if (value.lineItems.length > 0) ctx.addIssue({ code: 'custom', path: ['lineItems'], message: 'invalid' });
  });
export type InvoiceWrite = z.input<typeof invoiceWriteSchema>;
export type InvoiceWriteParsed = z.output<typeof invoiceWriteSchema>;

export const invoiceCreateSchema = z.intersection(z.object({ customerId: z.uuid({ message: 'required' }) }), invoiceWriteSchema);
export type InvoiceCreate = z.input<typeof invoiceCreateSchema>;

export const invoiceIdParamsSchema = z.object({ id: z.uuid({ message: 'invalid' }) });

function statusList(value: string | undefined, ctx: z.RefinementCtx): InvoiceStatus[] | undefined {
  if (!value) return undefined;
  const parts = value.split(',').map((part) => part.trim()).filter(Boolean);
  const expanded = parts.flatMap((part) => (part === 'open' ? [...OPEN_INVOICE_STATUSES] : [part]));
  if (!expanded.every((part) => (INVOICE_STATUSES as readonly string[]).includes(part))) {
    ctx.addIssue({ code: 'custom', message: 'invalid' });
    return z.NEVER;
  }
  return expanded as InvoiceStatus[];
}

export const invoiceListQuerySchema = pageQuerySchema.extend({
  customerId: z.uuid({ message: 'invalid' }).optional(),
  /** Comma-separated statuses, or `open` for issued + partly paid. */
  status: z.string().max(200).optional().transform(statusList),
  /** Only open invoices past their due date. */
  overdue: z.enum(['true', 'false']).optional().transform((value) => value === 'true'),
  sort: z.enum(['number', '-number', 'issueDate', '-issueDate', 'dueDate', '-dueDate', 'total', '-total', 'balance', '-balance']).optional(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

export const invoiceExportQuerySchema = invoiceListQuerySchema.omit({ page: true, pageSize: true });

export const agingQuerySchema = z.object({
  customerId: z.uuid({ message: 'invalid' }).optional(),
  /** The day the ages are counted to (default today, UTC). */
  asOf: isoDate.optional(),
});
export type AgingQuery = z.input<typeof agingQuerySchema>;

export const invoiceVoidSchema = z.object({ reason: text(INVOICE_LIMITS.reason) });

export const paymentCreateSchema = z.object({
  paidOn: isoDate,
  amountCents: z.number().int().min(1).max(INVOICE_LIMITS.maxAmountCents),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().trim().max(INVOICE_LIMITS.reference).default(''),
});
export type PaymentCreate = z.input<typeof paymentCreateSchema>;

// ── Answers ─────────────────────────────────────────────────────────────────────────────────────

const person = z.object({ id: z.uuid(), name: z.string() });

export const invoiceLineItemSchema = z.object({
  description: z.string(),
  quantity: z.number(),
  unit: z.string(),
  unitPriceCents: z.number().int(),
  taxRateBps: z.number().int(),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
});
export type InvoiceLineItem = z.infer<typeof invoiceLineItemSchema>;

export const PAYMENT_STATUSES = ['succeeded', 'pending', 'failed', 'refunded'] as const;

export const paymentSchema = z.object({
  id: z.uuid(),
  paidOn: z.string(),
  amountCents: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  /** Always `succeeded` for payments staff record; a card provider may report the others later. */
  status: z.enum(PAYMENT_STATUSES),
  /** The card provider that reported it (null: recorded by staff). */
  provider: z.string().nullable(),
  recordedBy: person.nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const invoiceSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  customerId: z.uuid(),
  customerName: z.string(),
  status: z.enum(INVOICE_STATUSES),
  issueDate: z.string(),
  dueDate: z.string(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  balanceCents: z.number().int(),
  /** Open and past its due date (today, UTC). */
  overdue: z.boolean(),
  /** Whole days past the due date (0 when not overdue). */
  daysOverdue: z.number().int(),
  issuedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoicePageSchema = z.object({
  ...pageOf(invoiceSummarySchema).shape,
  /** Open invoices of the filter's customers (ignoring status filters): count, balance, and the overdue part. */
  openCount: z.number().int(),
  openBalanceCents: z.number().int(),
  overdueCount: z.number().int(),
  overdueBalanceCents: z.number().int(),
});
export type InvoicePage = z.infer<typeof invoicePageSchema>;

export const invoiceDetailSchema = z.object({
  ...invoiceSummarySchema.shape,
  currency: z.string(),
  notes: z.string(),
  lineItems: z.array(invoiceLineItemSchema),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  /** The uploaded PDF of an `uploaded` invoice. */
  file: z.object({ id: z.uuid(), name: z.string(), sizeBytes: z.number().int() }).nullable(),
  payments: z.array(paymentSchema),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdBy: person.nullable(),
  createdAt: z.string(),
  allowedActions: z.array(z.enum(INVOICE_ACTIONS)),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

const bucketAmounts = z.object({
  current: z.number().int(),
  days1to30: z.number().int(),
  days31to60: z.number().int(),
  days61to90: z.number().int(),
  days90plus: z.number().int(),
  total: z.number().int(),
});
export type AgingAmounts = z.infer<typeof bucketAmounts>;

export const agingSummarySchema = z.object({
  asOf: z.string(),
  /** Open balance in each bucket, summed over the customers below. */
  totals: bucketAmounts,
  /** Customers with an open balance, largest first. */
  customers: z.array(z.object({ customerId: z.uuid(), customerName: z.string(), openInvoices: z.number().int(), ...bucketAmounts.shape })),
});
export type AgingSummary = z.infer<typeof agingSummarySchema>;
