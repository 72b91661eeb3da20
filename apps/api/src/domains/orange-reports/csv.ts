import { stringify } from 'csv-stringify/sync';

/*
 * CSV of report lists (RFC 4180 quoting via csv-stringify). Cells a spreadsheet would run as a
 * formula (= + - @, tab, carriage return first) get a leading apostrophe (OWASP "CSV injection").
 */
type Cell = string | number | null | undefined;
const FORMULA_START = /^[=+\-@\t\r]/;
const options = {
  eof: false,
  record_delimiter: 'windows',
  quoted_match: /^\s|\s$|[\r\n]/,
  cast: { string: (text: string) => (FORMULA_START.test(text) ? `'${text}` : text) },
} as const;

export function csvRow(values: readonly Cell[]): string {
  return stringify([values.map((value) => value ?? '')], options);
}

/** UTF-8 byte-order mark first, so spreadsheet programs read accents right. */
export function csvDocument(lines: readonly string[]): string {
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
