import { and, eq, sql } from 'drizzle-orm';
import { lineAmounts, sumAmounts, validationText, type InvoiceDetail, type InvoiceLineItem, type InvoiceWriteParsed, type PaymentCreate } from '@grove/shared';
import type { Db, Tx } from '../../db/client.js';
import { files } from '../../db/schema.js';
import { badRequest, conflict } from '../../http/errors.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { recordAudit } from '../audit/index.js';
import { attachFiles, releaseOwnerFiles, setOwnerFilesStaffOnly } from '../files/index.js';
import { assertCustomerInScope } from '../scope/index.js';
import { announceIssued } from './announcements.js';
import { assertMay } from './policy.js';
import { INVOICE_OWNER, detailOf, getInvoiceDetail, loadInvoice, type Caller } from './queries.js';
import { invoiceCounters, invoicePayments, invoices } from './tables.js';

export async function nextInvoiceNumber(tx: Pick<Db, 'insert' | 'select'>, year: number): Promise<string> {
  // Skip numbers an uploaded invoice already took (its number comes from the accounting system).
  for (;;) {
    const [row] = await tx
      .insert(invoiceCounters)
      .values({ year, lastValue: 1 })
      .onConflictDoUpdate({ target: invoiceCounters.year, set: { lastValue: sql`${invoiceCounters.lastValue} + 1` } })
      .returning({ value: invoiceCounters.lastValue });
    const number = `INV-${year}-${String(row!.value).padStart(4, '0')}`;
    const [taken] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.number, number));
    if (!taken) return number;
  }
}

/** Line totals in integer cents, computed here (the browser's preview uses the same functions). */
export function priceLines(body: Pick<InvoiceWriteParsed, 'kind' | 'lineItems' | 'amountCents'>): { lineItems: InvoiceLineItem[]; subtotalCents: number; taxCents: number; totalCents: number } {
  if (body.kind === 'uploaded') {
    const total = body.amountCents ?? 0;
    return { lineItems: [], subtotalCents: total, taxCents: 0, totalCents: total };
  }
  const lineItems = body.lineItems.map((item) => ({ ...item, ...lineAmounts(item) }));
  return { lineItems, ...sumAmounts(lineItems) };
}

async function assertNumberFree(tx: Pick<Db, 'select'>, number: string, exceptId?: string): Promise<void> {
  const [row] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.number, number));
  if (row && row.id !== exceptId) throw badRequest({ number: ['This invoice number is already used.'] }, 'This invoice number is already used.');
}

/** The uploaded file must be a PDF the caller uploaded (attachFiles checks the rest). */
async function assertPdfUpload(tx: Pick<Db, 'select'>, fileId: string): Promise<void> {
  const [file] = await tx.select({ mimeType: files.mimeType }).from(files).where(eq(files.id, fileId));
  if (file && file.mimeType !== 'application/pdf') throw badRequest({ fileId: [validationText('invalid')] });
}

function contentValues(body: InvoiceWriteParsed) {
  const priced = priceLines(body);
  return {
    kind: body.kind,
    issueDate: body.issueDate,
    dueDate: body.dueDate,
    notes: body.notes,
    lineItems: priced.lineItems,
    subtotalCents: priced.subtotalCents,
    taxCents: priced.taxCents,
    totalCents: priced.totalCents,
  };
}

async function attachUpload(db: Db, tx: Tx, user: Caller, invoice: { id: string; customerId: string }, fileId: string): Promise<void> {
  await assertPdfUpload(tx, fileId);
  try {
    await attachFiles(db, tx, { fileIds: [fileId], customerId: invoice.customerId, ownerType: INVOICE_OWNER, ownerId: invoice.id, userId: user.id, staffOnly: true });
  } catch (error) {
    // attachFiles answers on `fileIds`; this form's field is `fileId`.
    if ((error as { statusCode?: number }).statusCode === 400) throw badRequest({ fileId: [validationText('invalid')] });
    throw error;
  }
}

async function withNumberGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'invoices_number_key')) throw badRequest({ number: ['This invoice number is already used.'] }, 'This invoice number is already used.');
    throw error;
  }
}

export async function createInvoice(db: Db, user: Caller, body: InvoiceWriteParsed & { customerId: string }): Promise<InvoiceDetail> {
  await assertCustomerInScope(db, user, body.customerId);
  const id = await withNumberGuard(() =>
    db.transaction(async (tx) => {
      let number: string;
      if (body.kind === 'uploaded') {
        number = body.number!;
        await assertNumberFree(tx, number);
      } else {
        number = await nextInvoiceNumber(tx, Number(body.issueDate.slice(0, 4)));
      }
      const [row] = await tx
        .insert(invoices)
        .values({ number, customerId: body.customerId, createdById: user.id, ...contentValues(body) })
        .returning();
      if (body.kind === 'uploaded') {
        await attachUpload(db, tx, user, row!, body.fileId!);
        await tx.update(invoices).set({ fileId: body.fileId! }).where(eq(invoices.id, row!.id));
      }
      await recordAudit(tx, { action: 'invoice.created', actorId: user.id, detail: { invoiceId: row!.id, number } });
      return row!.id;
    }),
  );
  return getInvoiceDetail(db, user, id);
}

export async function updateDraft(db: Db, user: Caller, id: string, body: InvoiceWriteParsed): Promise<InvoiceDetail> {
  await withNumberGuard(() =>
    db.transaction(async (tx) => {
      const { invoice, viewer } = await loadInvoice(tx, user, id, { lock: true });
      assertMay(viewer, invoice, 'edit');
      if (body.kind !== invoice.kind) throw badRequest({ kind: [validationText('invalid')] });
      const values: Partial<typeof invoices.$inferInsert> = { ...contentValues(body), updatedAt: new Date() };
      if (body.kind === 'uploaded') {
        await assertNumberFree(tx, body.number!, id);
        values.number = body.number!;
        if (body.fileId !== invoice.fileId) {
          await releaseOwnerFiles(tx, INVOICE_OWNER, id);
          await attachUpload(db, tx, user, invoice, body.fileId!);
          values.fileId = body.fileId!;
        }
      }
      await tx.update(invoices).set(values).where(eq(invoices.id, id));
      await recordAudit(tx, { action: 'invoice.updated', actorId: user.id, detail: { invoiceId: id } });
    }),
  );
  return getInvoiceDetail(db, user, id);
}

export async function deleteDraft(db: Db, user: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { invoice, viewer } = await loadInvoice(tx, user, id, { lock: true });
    assertMay(viewer, invoice, 'delete');
    await releaseOwnerFiles(tx, INVOICE_OWNER, id);
    await tx.delete(invoices).where(eq(invoices.id, id));
    await recordAudit(tx, { action: 'invoice.deleted', actorId: user.id, detail: { invoiceId: id, number: invoice.number } });
  });
}

/** draft → issued: the customer's users see it (and its uploaded PDF) and hear about it. */
export async function issueInvoice(db: Db, user: Caller, id: string): Promise<InvoiceDetail> {
  await db.transaction(async (tx) => {
    const loaded = await loadInvoice(tx, user, id, { lock: true });
    assertMay(loaded.viewer, loaded.invoice, 'issue');
    const [issued] = await tx
      .update(invoices)
      .set({ status: 'issued', issuedAt: sql`now()`, issuedById: user.id, updatedAt: sql`now()` })
      .where(eq(invoices.id, id))
      .returning();
    await setOwnerFilesStaffOnly(tx, INVOICE_OWNER, id, false);
    await recordAudit(tx, { action: 'invoice.issued', actorId: user.id, detail: { invoiceId: id, number: issued!.number, totalCents: issued!.totalCents } });
    await announceIssued(tx, issued!, user.id);
  });
  return getInvoiceDetail(db, user, id);
}

export async function voidInvoice(db: Db, user: Caller, id: string, reason: string): Promise<InvoiceDetail> {
  await db.transaction(async (tx) => {
    const { invoice, viewer } = await loadInvoice(tx, user, id, { lock: true });
    assertMay(viewer, invoice, 'void');
    await tx.update(invoices).set({ status: 'void', voidedAt: sql`now()`, voidReason: reason, updatedAt: sql`now()` }).where(eq(invoices.id, id));
    await recordAudit(tx, { action: 'invoice.voided', actorId: user.id, detail: { invoiceId: id, number: invoice.number, reason } });
  });
  return getInvoiceDetail(db, user, id);
}

/**
 * Records a payment staff received. More than the balance is refused (400 on the amount); the
 * whole balance makes the invoice paid, less makes it partly paid.
 */
export async function recordPayment(db: Db, user: Caller, id: string, body: Required<PaymentCreate>): Promise<InvoiceDetail> {
  const loaded = await db.transaction(async (tx) => {
    const current = await loadInvoice(tx, user, id, { lock: true });
    const { invoice, viewer } = current;
    assertMay(viewer, invoice, 'pay');
    const balance = invoice.totalCents - invoice.paidCents;
    if (body.amountCents > balance) {
      throw badRequest({ amountCents: ['The payment is more than the balance due.'] }, 'The payment is more than the balance due.');
    }
    if (body.paidOn < invoice.issueDate) throw badRequest({ paidOn: [validationText('invalid')] });
    await tx.insert(invoicePayments).values({ invoiceId: id, paidOn: body.paidOn, amountCents: body.amountCents, method: body.method, reference: body.reference, recordedById: user.id });
    const paidCents = invoice.paidCents + body.amountCents;
    const paid = paidCents === invoice.totalCents;
    const [updated] = await tx
      .update(invoices)
      .set({ paidCents, status: paid ? 'paid' : 'partly_paid', paidAt: paid ? sql`now()` : null, updatedAt: sql`now()` })
      .where(and(eq(invoices.id, id), eq(invoices.paidCents, invoice.paidCents)))
      .returning();
    if (!updated) throw conflict('The invoice changed meanwhile; try again.');
    await recordAudit(tx, { action: 'invoice.payment_recorded', actorId: user.id, detail: { invoiceId: id, amountCents: body.amountCents, method: body.method } });
    return { ...current, invoice: updated };
  });
  return detailOf(db, loaded);
}
