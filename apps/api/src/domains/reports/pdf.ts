import type { Language, PerformanceReport, ReportMetricInfo } from '@grove/shared';
import { perLanguage } from '../../lib/i18n.js';
import { PdfWriter, type PdfCompany } from '../../lib/pdf/index.js';

/** Labels of the performance report's PDF summary, in the six interface languages. */
const LABELS: Record<Language, { title: string; period: string; grouping: string; generated: string; total: string; summary: string; byGroup: string; none: string; more: string; groups: Record<PerformanceReport['groupBy'], string> }> = perLanguage('server/reports:pdf.labels');

/** How many metric columns fit beside the group name on a letter page. */
const TABLE_METRICS = 5;

function formatValue(writer: PdfWriter, metric: ReportMetricInfo, value: number | null | undefined, none: string): string {
  if (value === null || value === undefined || Number.isNaN(value)) return none;
  switch (metric.format) {
    case 'percent':
      return new Intl.NumberFormat(writer.locale, { style: 'percent', maximumFractionDigits: 1 }).format(value);
    case 'hours':
      return `${new Intl.NumberFormat(writer.locale, { maximumFractionDigits: 1 }).format(value)} h`;
    case 'money':
      // Money is integer cents everywhere (packages/shared/src/money.ts).
      return writer.money(Math.round(value));
    default:
      return writer.number(value);
  }
}

/**
 * The PDF summary of a performance report: the range and grouping, every metric's total, and the
 * first metrics per group (the full table is the CSV/XLSX export). Figures are the report's own,
 * so the PDF says exactly what the screen and the exports say.
 */
export function reportPdf(report: PerformanceReport, language: Language, company: PdfCompany): PDFKit.PDFDocument {
  const l = LABELS[language];
  const writer = new PdfWriter({ language, company, title: l.title, footer: `${company.name} · ${l.title} ${report.from} – ${report.to}` });
  writer.letterhead(company, l.title, [
    [l.period, `${writer.date(report.from)} – ${writer.date(report.to)}`],
    [l.grouping, l.groups[report.groupBy]],
    [l.generated, writer.date(new Date(), true)],
  ]);
  writer.heading(l.summary);
  writer.keyValues(report.metrics.map((metric) => [metric.title, formatValue(writer, metric, report.total.values[metric.id], l.none)] as const));

  const shown = report.metrics.slice(0, TABLE_METRICS);
  if (report.rows.length > 0 && shown.length > 0) {
    writer.heading(l.byGroup);
    const metricShare = 0.62 / shown.length;
    writer.table(
      [{ label: l.groups[report.groupBy], share: 0.38 }, ...shown.map((metric) => ({ label: metric.title, share: metricShare, align: 'right' as const }))],
      [
        ...report.rows.map((row) => [row.label, ...shown.map((metric) => formatValue(writer, metric, row.values[metric.id], l.none))]),
        [l.total, ...shown.map((metric) => formatValue(writer, metric, report.total.values[metric.id], l.none))],
      ],
    );
    if (report.metrics.length > shown.length) writer.muted(l.more, { gap: 6 });
  }
  return writer.finish();
}
