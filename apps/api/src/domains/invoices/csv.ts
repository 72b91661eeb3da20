import type { AgingSummary, InvoiceSummary, Language } from '@grove/shared';
import { csvDocument, csvRow } from '../../lib/csv.js';
import { perLanguage } from '../../lib/i18n.js';
import { toLanguage } from '../../mail/language.js';
import { invoiceCsvLabels } from './pdf.js';

/* CSV exports of invoices and of the aging summary; headers and statuses in the caller's language, amounts in dollars. */

const HEADERS: Record<Language, { invoices: string[]; aging: string[] }> = perLanguage('server/invoices:csv.headers');

/** Cents as a plain decimal a spreadsheet reads as a number (1234 → "12.34"). */
export function dollars(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  return `${negative ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function invoicesCsv(rows: readonly InvoiceSummary[], language: string | undefined): string {
  const lang = toLanguage(language);
  const { statuses } = invoiceCsvLabels(lang);
  return csvDocument([
    csvRow(HEADERS[lang].invoices),
    ...rows.map((row) =>
      csvRow([row.number, row.customerName, statuses[row.status], row.issueDate, row.dueDate, dollars(row.totalCents), dollars(row.paidCents), dollars(row.balanceCents), row.daysOverdue]),
    ),
  ]);
}

export function agingCsv(summary: AgingSummary, language: string | undefined): string {
  const lang = toLanguage(language);
  const amounts = (row: AgingSummary['totals']) => [row.current, row.days1to30, row.days31to60, row.days61to90, row.days90plus, row.total].map(dollars);
  const totalLabel = HEADERS[lang].aging.at(-1)!;
  return csvDocument([
    csvRow(HEADERS[lang].aging),
    ...summary.customers.map((row) => csvRow([row.customerName, row.openInvoices, ...amounts(row)])),
    csvRow([totalLabel, summary.customers.reduce((n, row) => n + row.openInvoices, 0), ...amounts(summary.totals)]),
  ]);
}
