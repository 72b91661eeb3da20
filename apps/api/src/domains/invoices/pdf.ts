import type { InvoiceDetail, Language, PaymentMethod } from '@grove/shared';
import { perLanguage, translate } from '../../lib/i18n.js';
import { PdfWriter, type PdfCompany } from '../../lib/pdf/index.js';

type Labels = {
  invoice: string;
  number: string;
  issueDate: string;
  dueDate: string;
  billTo: string;
  status: string;
  items: string;
  description: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  tax: string;
  amount: string;
  subtotal: string;
  taxTotal: string;
  total: string;
  paid: string;
  balance: string;
  payments: string;
  date: string;
  method: string;
  reference: string;
  notes: string;
  voided: string;
  draft: string;
  statuses: Record<InvoiceDetail['status'], string>;
  methods: Record<PaymentMethod, string>;
};

const LABELS: Record<Language, Labels> = perLanguage('server/invoices:pdf.labels');

/**
 * An itemized invoice as a PDF in the reader's language: the company's letterhead (company
 * settings), bill-to, line items, totals, payments and the balance due. Drafts (staff preview) and
 * void invoices say so at the top.
 */
export function renderInvoicePdf(detail: InvoiceDetail, language: Language, company: PdfCompany): PDFKit.PDFDocument {
  const l = LABELS[language];
  const pdf = new PdfWriter({ language, company, title: `${l.invoice} ${detail.number}`, footer: `${company.name} · ${detail.number}` });
  pdf.letterhead(company, l.invoice, [
    [l.number, detail.number],
    [l.issueDate, pdf.date(detail.issueDate)],
    [l.dueDate, pdf.date(detail.dueDate)],
  ]);
  if (detail.status === 'void') pdf.text(l.voided, { bold: true, color: '#b91c1c', size: 12 });
  if (detail.status === 'draft') pdf.text(l.draft, { bold: true, color: '#b45309', size: 12 });
  pdf.keyValues([
    [l.billTo, detail.customerName],
    [l.status, detail.overdue ? `${l.statuses[detail.status]} · ${translate(language, 'server/invoices:pdf.labels.overdue', { count: detail.daysOverdue })}` : l.statuses[detail.status]],
  ]);

  pdf.heading(l.items);
  pdf.table(
    [
      { label: l.description, share: 0.4 },
      { label: l.quantity, share: 0.1, align: 'right' },
      { label: l.unit, share: 0.1 },
      { label: l.unitPrice, share: 0.15, align: 'right' },
      { label: l.tax, share: 0.1, align: 'right' },
      { label: l.amount, share: 0.15, align: 'right' },
    ],
    detail.lineItems.map((item) => [item.description, pdf.number(item.quantity), item.unit, pdf.money(item.unitPriceCents), pdf.percent(item.taxRateBps), pdf.money(item.subtotalCents)]),
  );
  pdf.totals([
    { label: l.subtotal, value: pdf.money(detail.subtotalCents) },
    { label: l.taxTotal, value: pdf.money(detail.taxCents) },
    { label: l.total, value: pdf.money(detail.totalCents), strong: true },
    ...(detail.paidCents > 0 ? [{ label: l.paid, value: pdf.money(-detail.paidCents) }] : []),
    ...(detail.status === 'void' ? [] : [{ label: l.balance, value: pdf.money(detail.balanceCents), strong: true }]),
  ]);

  const payments = detail.payments.filter((payment) => payment.status === 'succeeded');
  if (payments.length) {
    pdf.heading(l.payments);
    pdf.table(
      [
        { label: l.date, share: 0.25 },
        { label: l.method, share: 0.25 },
        { label: l.reference, share: 0.3 },
        { label: l.amount, share: 0.2, align: 'right' },
      ],
      payments.map((payment) => [pdf.date(payment.paidOn), l.methods[payment.method], payment.reference, pdf.money(payment.amountCents)]),
    );
  }
  if (detail.notes) {
    pdf.heading(l.notes);
    pdf.text(detail.notes);
  }
  return pdf.finish();
}

export function invoiceCsvLabels(language: Language) {
  const l = LABELS[language];
  return { statuses: l.statuses, methods: l.methods };
}
