import type { AgingSummary, InvoiceSummary, Language } from '@grove/shared';
import { csvDocument, csvRow } from '../../lib/csv.js';
import { toLanguage } from '../../mail/language.js';
import { invoiceCsvLabels } from './pdf.js';

/* CSV exports of invoices and of the aging summary; headers and statuses in the caller's language, amounts in dollars. */

const HEADERS: Record<Language, { invoices: string[]; aging: string[] }> = {
  en: {
    invoices: ['Number', 'Customer', 'Status', 'Issue date', 'Due date', 'Total', 'Paid', 'Balance', 'Overdue days'],
    aging: ['Customer', 'Open invoices', 'Current', '1–30 days', '31–60 days', '61–90 days', 'Over 90 days', 'Total'],
  },
  zh: {
    invoices: ['编号', '客户', '状态', '开票日期', '到期日', '合计', '已付', '余额', '逾期天数'],
    aging: ['客户', '未结发票', '未到期', '1–30 天', '31–60 天', '61–90 天', '90 天以上', '合计'],
  },
  es: {
    invoices: ['Número', 'Cliente', 'Estado', 'Fecha de emisión', 'Vencimiento', 'Total', 'Pagado', 'Saldo', 'Días de retraso'],
    aging: ['Cliente', 'Facturas abiertas', 'Al día', '1–30 días', '31–60 días', '61–90 días', 'Más de 90 días', 'Total'],
  },
  ja: {
    invoices: ['番号', '顧客', 'ステータス', '発行日', '支払期日', '合計', '入金済み', '残高', '超過日数'],
    aging: ['顧客', '未払請求書', '期日前', '1～30日', '31～60日', '61～90日', '90日超', '合計'],
  },
  de: {
    invoices: ['Nummer', 'Kunde', 'Status', 'Rechnungsdatum', 'Fällig am', 'Gesamt', 'Bezahlt', 'Offen', 'Tage überfällig'],
    aging: ['Kunde', 'Offene Rechnungen', 'Nicht fällig', '1–30 Tage', '31–60 Tage', '61–90 Tage', 'Über 90 Tage', 'Gesamt'],
  },
  fr: {
    invoices: ['Numéro', 'Client', 'Statut', 'Date d’émission', 'Échéance', 'Total', 'Payé', 'Solde', 'Jours de retard'],
    aging: ['Client', 'Factures ouvertes', 'Non échu', '1–30 jours', '31–60 jours', '61–90 jours', 'Plus de 90 jours', 'Total'],
  },
};

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
