import type { InvoiceLineItemInput, PaymentMethod } from '@grove/shared';
import type { Tx } from '../../db/client.js';
import type { DemoWorld } from '../../modules/domain-module.js';
import { nextInvoiceNumber, priceLines } from './service.js';
import { invoicePayments, invoices } from './tables.js';

const DAY = 86_400_000;
const dayOffset = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

interface DemoInvoice {
  customer: string;
  /** Days from today (negative: in the past). */
  issued: number;
  termsDays: number;
  lines: InvoiceLineItemInput[];
  status: 'draft' | 'issued' | 'void';
  payments?: { daysAgo: number; share: number; method: PaymentMethod; reference: string }[];
}

const MAINTENANCE: InvoiceLineItemInput[] = [
  { description: 'Monthly grounds maintenance', quantity: 1, unit: 'month', unitPriceCents: 485000, taxRateBps: 0 },
  { description: 'Seasonal color, 4" pots, installed', quantity: 120, unit: 'each', unitPriceCents: 325, taxRateBps: 700 },
];
const IRRIGATION: InvoiceLineItemInput[] = [
  { description: 'Irrigation repair: zone valves', quantity: 3, unit: 'each', unitPriceCents: 8900, taxRateBps: 700 },
  { description: 'Technician labor', quantity: 2.5, unit: 'hour', unitPriceCents: 8500, taxRateBps: 0 },
];

/** Whitlock Ridge (the demo Property Manager's HOA) shows every state; two more customers add to the aging. */
const INVOICES: DemoInvoice[] = [
  { customer: 'whitlock', issued: -125, termsDays: 30, lines: MAINTENANCE, status: 'issued', payments: [{ daysAgo: 90, share: 1, method: 'ach', reference: 'ACH 20431' }] },
  { customer: 'whitlock', issued: -70, termsDays: 30, lines: MAINTENANCE, status: 'issued', payments: [{ daysAgo: 20, share: 0.5, method: 'check', reference: 'Check 1187' }] },
  { customer: 'whitlock', issued: -40, termsDays: 30, lines: IRRIGATION, status: 'issued' },
  { customer: 'whitlock', issued: -8, termsDays: 30, lines: MAINTENANCE, status: 'issued' },
  { customer: 'whitlock', issued: -30, termsDays: 30, lines: IRRIGATION, status: 'void' },
  { customer: 'whitlock', issued: 0, termsDays: 30, lines: IRRIGATION, status: 'draft' },
  { customer: 'kennesaw', issued: -100, termsDays: 15, lines: MAINTENANCE, status: 'issued' },
  { customer: 'brookstone', issued: -50, termsDays: 30, lines: MAINTENANCE, status: 'issued', payments: [{ daysAgo: 10, share: 0.25, method: 'wire', reference: 'Wire 88-120' }] },
];

export async function seedDemoInvoices(tx: Tx, demo: DemoWorld): Promise<void> {
  const accountManager = demo.staffIds.get('amMar') ?? null;
  for (const spec of INVOICES) {
    const customerId = demo.customerIds.get(spec.customer);
    if (!customerId) continue;
    const issueDate = dayOffset(spec.issued);
    const priced = priceLines({ kind: 'itemized', lineItems: spec.lines.map((line) => ({ unit: 'each', taxRateBps: 0, ...line })), amountCents: null });
    const number = await nextInvoiceNumber(tx, Number(issueDate.slice(0, 4)));
    const issuedAt = spec.status === 'draft' ? null : new Date(Date.now() + spec.issued * DAY);
    const paid = (spec.payments ?? []).map((payment) => ({ ...payment, amountCents: Math.round(priced.totalCents * payment.share) }));
    const paidCents = paid.reduce((sum, payment) => sum + payment.amountCents, 0);
    const status = spec.status !== 'issued' ? spec.status : paidCents === 0 ? 'issued' : paidCents >= priced.totalCents ? 'paid' : 'partly_paid';
    const [row] = await tx
      .insert(invoices)
      .values({
        number,
        customerId,
        status,
        issueDate,
        dueDate: dayOffset(spec.issued + spec.termsDays),
        ...priced,
        paidCents,
        createdById: accountManager,
        issuedAt,
        issuedById: issuedAt ? accountManager : null,
        paidAt: status === 'paid' ? new Date(Date.now() - paid.at(-1)!.daysAgo * DAY) : null,
        voidedAt: status === 'void' ? new Date(Date.now() + (spec.issued + 2) * DAY) : null,
        voidReason: status === 'void' ? 'Billed twice; replaced by the next invoice.' : null,
      })
      .returning({ id: invoices.id });
    for (const payment of paid) {
      await tx.insert(invoicePayments).values({
        invoiceId: row!.id,
        paidOn: dayOffset(-payment.daysAgo),
        amountCents: payment.amountCents,
        method: payment.method,
        reference: payment.reference,
        recordedById: accountManager,
      });
    }
  }
}
