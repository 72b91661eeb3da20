import { and, asc, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { agingQuerySchema, invoiceExportQuerySchema, invoiceListQuerySchema } from '@grove/shared';
import { CURRENCY, INVOICE_VIEWER_ROLES, OPEN_INVOICE_STATUSES, hasStaffRole, type AgingSummary, type InvoiceDetail, type InvoicePage, type InvoiceSummary, type Payment } from '@grove/shared';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { customerUsers, customers, files, users } from '../../db/schema.js';
import type { AuthUser } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';
import { cappedCount, pageTotal } from '../../lib/paging.js';
import { customerIdInScope, isCustomerInScope } from '../scope/index.js';
import { allowedActions, canSeeInvoices, daysBetween, shownToCustomer, today, viewerAt, type Viewer } from './policy.js';
import { invoicePayments, invoices } from './tables.js';

export const INVOICE_OWNER = 'invoice';

type Reader = Pick<Db, 'select'>;
export type Caller = Pick<AuthUser, 'id' | 'roles' | 'regionId' | 'branchId'>;
export type InvoiceRow = typeof invoices.$inferSelect;

const fullName = (table: { firstName: AnyColumn; lastName: AnyColumn }) => sql<string>`trim(concat_ws(' ', ${table.firstName}, ${table.lastName}))`;
const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;
const OPEN_SQL = sql.raw(OPEN_INVOICE_STATUSES.map((s) => `'${s}'`).join(','));
const VIEWER_ROLES_SQL = sql.raw(`array[${INVOICE_VIEWER_ROLES.map((r) => `'${r}'`).join(',')}]::text[]`);
const balance = sql<number>`(${invoices.totalCents} - ${invoices.paidCents})`;

export interface LoadedInvoice {
  invoice: InvoiceRow;
  customerName: string;
  viewer: Viewer;
}

/**
 * The invoice if the caller may see it: customer in scope; customer users only with a viewer role
 * at this customer and only invoices shown to customers. Anything else is 404. `lock` takes the row
 * lock that serialises every change of one invoice (payments, issue, void).
 */
export async function loadInvoice(db: Reader, user: Caller, id: string, options: { lock?: boolean } = {}): Promise<LoadedInvoice> {
  const query = db
    .select({ invoice: invoices, customerName: customers.name })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(eq(invoices.id, id));
  const [row] = options.lock ? await query.for('update', { of: invoices }) : await query;
  if (!row) throw notFound();
  if (!(await isCustomerInScope(db as Db, user, row.invoice.customerId))) throw notFound();
  const viewer = await viewerAt(db, user, row.invoice.customerId);
  if (!canSeeInvoices(viewer)) throw notFound();
  if (!viewer.staff && !shownToCustomer(row.invoice)) throw notFound();
  return { ...row, viewer };
}

/** Overdue facts of an invoice on a day. */
function ageOf(invoice: Pick<InvoiceRow, 'status' | 'dueDate'>, day: string): { overdue: boolean; daysOverdue: number } {
  const open = (OPEN_INVOICE_STATUSES as readonly string[]).includes(invoice.status);
  const days = daysBetween(invoice.dueDate, day);
  return open && days > 0 ? { overdue: true, daysOverdue: days } : { overdue: false, daysOverdue: 0 };
}

function summaryOf(row: InvoiceRow, customerName: string, day: string): InvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    customerId: row.customerId,
    customerName,
    status: row.status,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    totalCents: row.totalCents,
    paidCents: row.paidCents,
    balanceCents: row.status === 'void' ? 0 : row.totalCents - row.paidCents,
    ...ageOf(row, day),
    issuedAt: iso(row.issuedAt),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function paymentsOf(db: Reader, invoiceId: string): Promise<Payment[]> {
  const rows = await db
    .select({ payment: invoicePayments, recorder: fullName(users) })
    .from(invoicePayments)
    .leftJoin(users, eq(users.id, invoicePayments.recordedById))
    .where(eq(invoicePayments.invoiceId, invoiceId))
    .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.createdAt));
  return rows.map(({ payment, recorder }) => ({
    id: payment.id,
    paidOn: payment.paidOn,
    amountCents: payment.amountCents,
    method: payment.method,
    reference: payment.reference,
    status: payment.status,
    provider: payment.provider,
    recordedBy: payment.recordedById ? { id: payment.recordedById, name: recorder ?? '' } : null,
    createdAt: payment.createdAt.toISOString(),
  }));
}

export async function detailOf(db: Reader, loaded: LoadedInvoice, now = new Date()): Promise<InvoiceDetail> {
  const { invoice, viewer } = loaded;
  const [file] = invoice.fileId
    ? await db.select({ id: files.id, name: files.originalName, sizeBytes: files.sizeBytes }).from(files).where(eq(files.id, invoice.fileId))
    : [];
  const [creator] = invoice.createdById ? await db.select({ id: users.id, name: fullName(users) }).from(users).where(eq(users.id, invoice.createdById)) : [];
  return {
    ...summaryOf(invoice, loaded.customerName, today(now)),
    currency: CURRENCY,
    notes: invoice.notes,
    lineItems: invoice.lineItems,
    subtotalCents: invoice.subtotalCents,
    taxCents: invoice.taxCents,
    file: file ?? null,
    payments: await paymentsOf(db, invoice.id),
    voidedAt: iso(invoice.voidedAt),
    voidReason: invoice.voidReason,
    paidAt: iso(invoice.paidAt),
    createdBy: creator ?? null,
    createdAt: invoice.createdAt.toISOString(),
    allowedActions: allowedActions(viewer, { status: invoice.status, paidCents: invoice.paidCents }),
  };
}

export async function getInvoiceDetail(db: Reader, user: Caller, id: string): Promise<InvoiceDetail> {
  return detailOf(db, await loadInvoice(db, user, id));
}

/** What the caller may see of invoices at all: scope, and for customer users shown ones of customers where they hold a viewer role. */
export function visibleInvoices(user: Caller): SQL[] {
  const conditions: SQL[] = [customerIdInScope(user, invoices.customerId)];
  if (!hasStaffRole(user.roles)) {
    conditions.push(sql`(${invoices.status} <> 'draft' and (${invoices.status} <> 'void' or ${invoices.issuedAt} is not null))`);
    conditions.push(
      sql`exists (select 1 from ${customerUsers} where ${customerUsers.customerId} = ${invoices.customerId} and ${customerUsers.userId} = ${user.id} and ${customerUsers.status} = 'active' and ${customerUsers.roles} && ${VIEWER_ROLES_SQL})`,
    );
  }
  return conditions;
}

type ListQuery = z.output<typeof invoiceListQuerySchema>;
type ExportQuery = z.output<typeof invoiceExportQuerySchema>;

const SORTS: Record<NonNullable<ListQuery['sort']>, SQL[]> = {
  number: [asc(sql`${invoices.number} collate "C"`)],
  '-number': [desc(sql`${invoices.number} collate "C"`)],
  issueDate: [asc(invoices.issueDate), asc(invoices.id)],
  '-issueDate': [desc(invoices.issueDate), desc(invoices.createdAt), desc(invoices.id)],
  dueDate: [asc(invoices.dueDate), asc(invoices.id)],
  '-dueDate': [desc(invoices.dueDate), desc(invoices.id)],
  total: [asc(invoices.totalCents), asc(invoices.id)],
  '-total': [desc(invoices.totalCents), desc(invoices.id)],
  balance: [asc(balance), asc(invoices.id)],
  '-balance': [desc(balance), desc(invoices.id)],
};

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filters(user: Caller, query: ExportQuery, day: string): { base: SQL[]; filtered: SQL[] } {
  const base = visibleInvoices(user);
  if (query.customerId) base.push(eq(invoices.customerId, query.customerId));
  const filtered = [...base];
  if (query.status?.length) filtered.push(inArray(invoices.status, query.status));
  if (query.overdue) filtered.push(sql`${invoices.status} in (${OPEN_SQL}) and ${invoices.dueDate} < ${day}`);
  if (query.search) {
    const pattern = likePattern(query.search);
    filtered.push(or(ilike(invoices.number, pattern), ilike(customers.name, pattern), ilike(invoices.notes, pattern))!);
  }
  return { base, filtered };
}

async function customerNames(db: Reader, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: customers.id, name: customers.name }).from(customers).where(inArray(customers.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Lists invoices in scope with the open and overdue balance of the filter's customers. */
export async function listInvoices(db: Db, user: Caller, query: ListQuery, now = new Date()): Promise<InvoicePage> {
  const day = today(now);
  const { base, filtered } = filters(user, query, day);
  const order = query.sort ? SORTS[query.sort] : SORTS['-issueDate'];
  // The page from invoices alone (customers joined only for a search by name), so the planner can
  // read it in an index's order; the page's customer names by id afterwards (decision 037).
  const joinForSearch = <Q extends PgSelect>(rows: Q) => (query.search ? rows.innerJoin(customers, eq(customers.id, invoices.customerId)) : rows);
  const [rows, counted, [open]] = await Promise.all([
    joinForSearch(db.select({ invoice: invoices }).from(invoices).$dynamic())
      .where(and(...filtered))
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    cappedCount(db, joinForSearch(db.select({ one: sql`1` }).from(invoices).$dynamic()).where(and(...filtered))),
    db
      .select({
        count: sql<number>`count(*)::int`,
        balance: sql<string>`coalesce(sum(${balance}), 0)::bigint`,
        overdueCount: sql<number>`(count(*) filter (where ${invoices.dueDate} < ${day}))::int`,
        overdueBalance: sql<string>`coalesce(sum(${balance}) filter (where ${invoices.dueDate} < ${day}), 0)::bigint`,
      })
      .from(invoices)
      .where(and(...base, sql`${invoices.status} in (${OPEN_SQL})`)),
  ]);
  const names = await customerNames(db, rows.map((row) => row.invoice.customerId));
  return {
    data: rows.map((row) => summaryOf(row.invoice, names.get(row.invoice.customerId) ?? '', day)),
    ...pageTotal(query, rows.length, rows.length === query.pageSize, counted),
    page: query.page,
    pageSize: query.pageSize,
    openCount: open?.count ?? 0,
    openBalanceCents: Number(open?.balance ?? 0),
    overdueCount: open?.overdueCount ?? 0,
    overdueBalanceCents: Number(open?.overdueBalance ?? 0),
  };
}

export const EXPORT_LIMIT = 10_000;

/** The rows of the CSV export (same filter as the list, up to 10 000). */
export async function exportInvoices(db: Db, user: Caller, query: ExportQuery, now = new Date()): Promise<InvoiceSummary[]> {
  const day = today(now);
  const { filtered } = filters(user, query, day);
  const rows = await db
    .select({ invoice: invoices, customerName: customers.name })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(and(...filtered))
    .orderBy(...(query.sort ? SORTS[query.sort] : SORTS['-issueDate']))
    .limit(EXPORT_LIMIT);
  return rows.map((row) => summaryOf(row.invoice, row.customerName, day));
}

type AgingInput = z.output<typeof agingQuerySchema>;

/**
 * Open balances by age past the due date on `asOf` (default today): current (not yet due), 1–30,
 * 31–60, 61–90 and over 90 days; per customer with an open balance (largest first) and in total.
 */
export async function agingSummary(db: Db, user: Caller, query: AgingInput, now = new Date()): Promise<AgingSummary> {
  const day = query.asOf ?? today(now);
  const conditions = visibleInvoices(user);
  if (query.customerId) conditions.push(eq(invoices.customerId, query.customerId));
  conditions.push(sql`${invoices.status} in (${OPEN_SQL})`);
  // Invoices issued after the day asked about did not exist yet then.
  conditions.push(sql`${invoices.issueDate} <= ${day}`);
  const age = sql`(${day}::date - ${invoices.dueDate})`;
  const bucket = (condition: SQL) => sql<string>`coalesce(sum(${balance}) filter (where ${condition}), 0)::bigint`;
  const rows = await db
    .select({
      customerId: invoices.customerId,
      customerName: customers.name,
      openInvoices: sql<number>`count(*)::int`,
      current: bucket(sql`${age} <= 0`),
      days1to30: bucket(sql`${age} between 1 and 30`),
      days31to60: bucket(sql`${age} between 31 and 60`),
      days61to90: bucket(sql`${age} between 61 and 90`),
      days90plus: bucket(sql`${age} > 90`),
      total: sql<string>`coalesce(sum(${balance}), 0)::bigint`,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(and(...conditions))
    .groupBy(invoices.customerId, customers.name)
    .orderBy(desc(sql`coalesce(sum(${balance}), 0)`), asc(customers.name));
  const customersOut = rows
    .map((row) => ({
      customerId: row.customerId,
      customerName: row.customerName,
      openInvoices: row.openInvoices,
      current: Number(row.current),
      days1to30: Number(row.days1to30),
      days31to60: Number(row.days31to60),
      days61to90: Number(row.days61to90),
      days90plus: Number(row.days90plus),
      total: Number(row.total),
    }))
    .filter((row) => row.total > 0);
  const totals = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, days90plus: 0, total: 0 };
  for (const row of customersOut) {
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += row[key];
  }
  return { asOf: day, totals, customers: customersOut };
}
