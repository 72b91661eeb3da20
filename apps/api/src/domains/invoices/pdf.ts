import type { InvoiceDetail, Language, PaymentMethod } from '@grove/shared';
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
  overdue: (days: number) => string;
  voided: string;
  draft: string;
  statuses: Record<InvoiceDetail['status'], string>;
  methods: Record<PaymentMethod, string>;
};

const LABELS: Record<Language, Labels> = {
  en: {
    invoice: 'Invoice', number: 'Number', issueDate: 'Issue date', dueDate: 'Due date', billTo: 'Bill to', status: 'Status', items: 'Line items',
    description: 'Description', quantity: 'Qty', unit: 'Unit', unitPrice: 'Unit price', tax: 'Tax', amount: 'Amount', subtotal: 'Subtotal', taxTotal: 'Tax',
    total: 'Total', paid: 'Paid', balance: 'Balance due', payments: 'Payments', date: 'Date', method: 'Method', reference: 'Reference', notes: 'Notes',
    overdue: (d) => `Overdue by ${d} ${d === 1 ? 'day' : 'days'}`, voided: 'VOID — this invoice is cancelled and not payable.', draft: 'DRAFT — not issued yet.',
    statuses: { draft: 'Draft', issued: 'Issued', partly_paid: 'Partly paid', paid: 'Paid', void: 'Void' },
    methods: { check: 'Check', ach: 'ACH transfer', wire: 'Wire transfer', card: 'Card', cash: 'Cash', other: 'Other' },
  },
  zh: {
    invoice: '发票', number: '编号', issueDate: '开票日期', dueDate: '到期日', billTo: '付款方', status: '状态', items: '明细',
    description: '说明', quantity: '数量', unit: '单位', unitPrice: '单价', tax: '税率', amount: '金额', subtotal: '小计', taxTotal: '税额',
    total: '合计', paid: '已付', balance: '应付余额', payments: '付款记录', date: '日期', method: '方式', reference: '参考号', notes: '备注',
    overdue: (d) => `已逾期 ${d} 天`, voided: '作废 — 此发票已取消，无需支付。', draft: '草稿 — 尚未开具。',
    statuses: { draft: '草稿', issued: '已开具', partly_paid: '部分付款', paid: '已付清', void: '已作废' },
    methods: { check: '支票', ach: 'ACH 转账', wire: '电汇', card: '银行卡', cash: '现金', other: '其他' },
  },
  es: {
    invoice: 'Factura', number: 'Número', issueDate: 'Fecha de emisión', dueDate: 'Vencimiento', billTo: 'Facturar a', status: 'Estado', items: 'Partidas',
    description: 'Descripción', quantity: 'Cant.', unit: 'Unidad', unitPrice: 'Precio unitario', tax: 'Impuesto', amount: 'Importe', subtotal: 'Subtotal', taxTotal: 'Impuestos',
    total: 'Total', paid: 'Pagado', balance: 'Saldo pendiente', payments: 'Pagos', date: 'Fecha', method: 'Método', reference: 'Referencia', notes: 'Notas',
    overdue: (d) => `Vencida hace ${d} ${d === 1 ? 'día' : 'días'}`, voided: 'ANULADA — esta factura está cancelada y no se debe pagar.', draft: 'BORRADOR — aún no emitida.',
    statuses: { draft: 'Borrador', issued: 'Emitida', partly_paid: 'Pagada en parte', paid: 'Pagada', void: 'Anulada' },
    methods: { check: 'Cheque', ach: 'Transferencia ACH', wire: 'Transferencia bancaria', card: 'Tarjeta', cash: 'Efectivo', other: 'Otro' },
  },
  ja: {
    invoice: '請求書', number: '番号', issueDate: '発行日', dueDate: '支払期日', billTo: '請求先', status: 'ステータス', items: '明細',
    description: '内容', quantity: '数量', unit: '単位', unitPrice: '単価', tax: '税率', amount: '金額', subtotal: '小計', taxTotal: '税額',
    total: '合計', paid: '入金済み', balance: '未払残高', payments: '入金', date: '日付', method: '方法', reference: '参照番号', notes: '備考',
    overdue: (d) => `${d} 日超過`, voided: '無効 — この請求書は取り消され、支払いは不要です。', draft: '下書き — 未発行です。',
    statuses: { draft: '下書き', issued: '発行済み', partly_paid: '一部入金', paid: '入金済み', void: '無効' },
    methods: { check: '小切手', ach: 'ACH 振込', wire: '銀行振込', card: 'カード', cash: '現金', other: 'その他' },
  },
  de: {
    invoice: 'Rechnung', number: 'Nummer', issueDate: 'Rechnungsdatum', dueDate: 'Fällig am', billTo: 'Rechnung an', status: 'Status', items: 'Positionen',
    description: 'Beschreibung', quantity: 'Menge', unit: 'Einheit', unitPrice: 'Einzelpreis', tax: 'Steuer', amount: 'Betrag', subtotal: 'Zwischensumme', taxTotal: 'Steuer',
    total: 'Gesamt', paid: 'Bezahlt', balance: 'Offener Betrag', payments: 'Zahlungen', date: 'Datum', method: 'Zahlungsart', reference: 'Referenz', notes: 'Hinweise',
    overdue: (d) => `Seit ${d} ${d === 1 ? 'Tag' : 'Tagen'} überfällig`, voided: 'STORNIERT — diese Rechnung ist aufgehoben und nicht zu zahlen.', draft: 'ENTWURF — noch nicht ausgestellt.',
    statuses: { draft: 'Entwurf', issued: 'Ausgestellt', partly_paid: 'Teilweise bezahlt', paid: 'Bezahlt', void: 'Storniert' },
    methods: { check: 'Scheck', ach: 'ACH-Überweisung', wire: 'Überweisung', card: 'Karte', cash: 'Bar', other: 'Sonstiges' },
  },
  fr: {
    invoice: 'Facture', number: 'Numéro', issueDate: 'Date d’émission', dueDate: 'Échéance', billTo: 'Facturer à', status: 'Statut', items: 'Lignes',
    description: 'Description', quantity: 'Qté', unit: 'Unité', unitPrice: 'Prix unitaire', tax: 'Taxe', amount: 'Montant', subtotal: 'Sous-total', taxTotal: 'Taxes',
    total: 'Total', paid: 'Payé', balance: 'Solde dû', payments: 'Paiements', date: 'Date', method: 'Mode', reference: 'Référence', notes: 'Remarques',
    overdue: (d) => `En retard de ${d} jour${d === 1 ? '' : 's'}`, voided: 'ANNULÉE — cette facture est annulée et n’est pas à payer.', draft: 'BROUILLON — pas encore émise.',
    statuses: { draft: 'Brouillon', issued: 'Émise', partly_paid: 'Payée en partie', paid: 'Payée', void: 'Annulée' },
    methods: { check: 'Chèque', ach: 'Virement ACH', wire: 'Virement bancaire', card: 'Carte', cash: 'Espèces', other: 'Autre' },
  },
};

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
    [l.status, detail.overdue ? `${l.statuses[detail.status]} · ${l.overdue(detail.daysOverdue)}` : l.statuses[detail.status]],
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
