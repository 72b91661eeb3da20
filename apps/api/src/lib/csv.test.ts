import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stringify } from 'csv-stringify/sync';
import { csvCell, csvDocument, csvRow } from './csv.js';

describe('csv', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
  });

  it('leaves plain text, numbers and empty values alone', () => {
    expect(csvCell('Broken sprinkler')).toBe('Broken sprinkler');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvRow(['SR-2026-0001', 'x,y', undefined])).toBe('SR-2026-0001,"x,y",');
  });

  it('writes a UTF-8 BOM and CRLF line ends', () => {
    expect(csvDocument(['a', 'b'])).toBe('\uFEFFa\r\nb\r\n');
  });

  it('writes exactly what csv-stringify wrote with the options it replaced', () => {
    const options = {
      eof: false,
      record_delimiter: 'windows',
      quoted_match: /^\s|\s$|[\r\n]/,
      cast: {
        string: (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text),
        boolean: (value: boolean) => String(value),
      },
    } as const;
    const cell = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\r', '\n', '\t', '=', '+', '-', '@', "'", 'é', '\u00a0', '0') }),
      fc.string(),
      fc.integer(),
      fc.double({ noNaN: true }),
      fc.boolean(),
      fc.constantFrom(null, undefined, ''),
    );
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 6 }), (values) => {
        expect(csvRow(values)).toBe(stringify([values.map((value) => value ?? '')], options));
      }),
      { numRuns: 2000 },
    );
  });
});
