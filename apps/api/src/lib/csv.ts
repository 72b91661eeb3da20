import { stringify } from 'csv-stringify/sync';

/*
 * CSV writing for exports, with csv-stringify (RFC 4180 quoting). Cells that a spreadsheet would
 * run as a formula — text starting with = + - @, a tab or a carriage return — get a leading
 * apostrophe (OWASP "CSV injection"), so an exported title like `=HYPERLINK(…)` stays text.
 */

type Cell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

const options = {
  eof: false,
  record_delimiter: 'windows',
  // Any line break (not only CRLF) and leading or trailing blanks are kept, inside quotes.
  quoted_match: /^\s|\s$|[\r\n]/,
  cast: {
    string: (text: string) => (FORMULA_START.test(text) ? `'${text}` : text),
    boolean: (value: boolean) => String(value),
  },
} as const;

export function csvRow(values: readonly Cell[]): string {
  return stringify([values.map((value) => value ?? '')], options);
}

export function csvCell(value: Cell): string {
  return csvRow([value]);
}

/** A whole document: rows joined by CRLF, with a BOM so spreadsheet apps read UTF-8. */
export function csvDocument(rows: readonly string[]): string {
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}
