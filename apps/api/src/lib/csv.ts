/*
 * CSV writing for exports (RFC 4180 quoting). Cells that a spreadsheet would run as a formula —
 * text starting with = + - @, a tab or a carriage return — get a leading apostrophe (OWASP "CSV
 * injection"), so an exported title like `=HYPERLINK(…)` stays text.
 *
 * Written by hand rather than with csv-stringify's sync API: that builds a stringifier (options
 * normalised, arrays of [value, field] pairs) for every row, and a 100,000-row export made hundreds
 * of MB of short-lived garbage, which V8 partly promoted and the server's memory grew with
 * (decision 034). csv.test.ts checks the output equals csv-stringify's with the old options.
 */

type Cell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** Quote when a cell holds a quote, the delimiter or a line break, or starts or ends with a blank. */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined || value === '') return '';
  const text = typeof value === 'string' ? (FORMULA_START.test(value) ? `'${value}` : value) : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly Cell[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += i === 0 ? csvCell(values[i]) : `,${csvCell(values[i])}`;
  return line;
}

/** A whole document: rows joined by CRLF, with a BOM so spreadsheet apps read UTF-8. */
export function csvDocument(rows: readonly string[]): string {
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}
