/*
 * CSV writing for exports (RFC 4180 quoting). Cells that a spreadsheet would run as a formula —
 * starting with = + - @, a tab or a carriage return — get a leading apostrophe (OWASP "CSV
 * injection"), so an exported title like `=HYPERLINK(…)` stays text.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly (string | number | boolean | null | undefined)[]): string {
  return values.map(csvCell).join(',');
}

/** A whole document: rows joined by CRLF, with a BOM so spreadsheet apps read UTF-8. */
export function csvDocument(rows: readonly string[]): string {
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}
