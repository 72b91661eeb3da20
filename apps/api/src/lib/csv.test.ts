import { describe, expect, it } from 'vitest';
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
});
