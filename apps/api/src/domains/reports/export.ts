import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import type { PerformanceReport } from '@grove/shared';

const GROUP_TITLES: Record<PerformanceReport['groupBy'], string> = {
  region: 'Region',
  branch: 'Branch',
  accountManager: 'Account manager',
  crewLeader: 'Crew leader',
  customer: 'Customer',
};

/**
 * Raw figures (ratios as 0–1 fractions in CSV, formatted percentages in XLSX; money, which the
 * report carries as integer cents, in dollars), one row per group and a total.
 */
function table(report: PerformanceReport): { header: string[]; rows: (string | number | null)[][] } {
  const header = [GROUP_TITLES[report.groupBy], ...report.metrics.map((m) => m.title)];
  const figure = (metric: PerformanceReport['metrics'][number], value: number | null | undefined) =>
    value === null || value === undefined ? null : metric.format === 'money' ? value / 100 : Number(value.toFixed(4));
  const line = (row: PerformanceReport['rows'][number]) => [row.label, ...report.metrics.map((m) => figure(m, row.values[m.id]))];
  return { header, rows: [...report.rows.map(line), line(report.total)] };
}

/** Spreadsheet formula injection: a cell starting with = + - @ is read as text. */
const safe = (value: string | number | null) => (typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export function reportCsv(report: PerformanceReport): string {
  const { header, rows } = table(report);
  return stringify([header, ...rows.map((row) => row.map((cell) => safe(cell) ?? ''))], { bom: true });
}

export async function reportXlsx(report: PerformanceReport): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Grove';
  const sheet = workbook.addWorksheet('Performance');
  sheet.addRow([`Performance report ${report.from} – ${report.to}`]).font = { bold: true, size: 13 };
  sheet.addRow([]);
  const { header, rows } = table(report);
  sheet.addRow(header).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map(safe));
  sheet.lastRow!.font = { bold: true };
  report.metrics.forEach((metric, i) => {
    const column = sheet.getColumn(i + 2);
    column.numFmt = metric.format === 'percent' ? '0.0%' : metric.format === 'hours' ? '0.0' : metric.format === 'money' ? '"$"#,##0.00' : '0';
    column.width = Math.max(14, metric.title.length + 2);
  });
  sheet.getColumn(1).width = 32;
  sheet.views = [{ state: 'frozen', ySplit: 3 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
