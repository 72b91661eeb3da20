import { deflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.js';
import { detectContentType, looksLikeText } from './detect-content-type.js';
import { readExifGps } from './exif-gps.js';
import { sanitizeFileName } from './file-name.js';

/** A minimal zip (local headers only, deflated), enough for content sniffing. */
function zip(entries: Record<string, string>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, text] of Object.entries(entries)) {
    const data = deflateRawSync(Buffer.from(text));
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt32LE(0, 14); // crc (not checked by sniffing)
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(text.length, 22);
    header.writeUInt16LE(Buffer.byteLength(name), 26);
    parts.push(header, Buffer.from(name), data);
  }
  return Buffer.concat(parts);
}

const contentTypes = (main: string) =>
  `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/main" ContentType="${main}"/></Types>`;

describe('content type from the bytes', () => {
  it('recognises Office documents, PDF, images and text, and ignores the claimed name', async () => {
    const docx = zip({
      '[Content_Types].xml': contentTypes('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'),
      'word/document.xml': '<w:document/>',
    });
    expect(await detectContentType(docx, { kind: 'file', name: 'minutes.docx', complete: true })).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const xlsx = zip({
      '[Content_Types].xml': contentTypes('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'),
      'xl/workbook.xml': '<workbook/>',
    });
    expect(await detectContentType(xlsx, { kind: 'file', name: 'budget.xlsx', complete: true })).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    // A plain zip is not an Office file, whatever its name says.
    expect(await detectContentType(zip({ 'a.txt': 'x' }), { kind: 'file', name: 'sneaky.docx', complete: true })).toBeNull();

    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'blue' } }).jpeg().toBuffer();
    expect(await detectContentType(jpeg, { kind: 'photo', name: 'scan.pdf', complete: true })).toBe('image/jpeg');
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'blue' } }).gif().toBuffer();
    expect(await detectContentType(gif, { kind: 'photo', name: 'a.gif', complete: true })).toBeNull();
    expect(await detectContentType(gif, { kind: 'file', name: 'a.gif', complete: true })).toBe('image/gif');
    expect(await detectContentType(Buffer.from('%PDF-1.7\n'), { kind: 'photo', name: 'a.jpg', complete: true })).toBeNull();
  });

  it('tells legacy Office files by name only among OLE containers', async () => {
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4096)]);
    expect(await detectContentType(ole, { kind: 'file', name: 'old.xls', complete: false })).toBe('application/vnd.ms-excel');
    expect(await detectContentType(ole, { kind: 'file', name: 'old.DOC', complete: false })).toBe('application/msword');
    expect(await detectContentType(ole, { kind: 'file', name: 'setup.msi', complete: false })).toBeNull();
  });

  it('takes UTF-8 text as CSV or plain text, but not binary or other encodings', async () => {
    expect(await detectContentType(Buffer.from('a;b\n1;2\n'), { kind: 'file', name: 'x.csv', complete: true })).toBe('text/csv');
    expect(await detectContentType(Buffer.from('Notizen: Grüße\n'), { kind: 'file', name: 'x.txt', complete: true })).toBe('text/plain');
    expect(await detectContentType(Buffer.from('text\0with nul'), { kind: 'file', name: 'x.txt', complete: true })).toBeNull();
    expect(await detectContentType(Buffer.from('caf\xe9', 'latin1'), { kind: 'file', name: 'x.txt', complete: true })).toBeNull();
    expect(await detectContentType(Buffer.from('anything'), { kind: 'photo', name: 'x.txt', complete: true })).toBeNull();
    // A character cut at the end of the sample is not held against the file; inside it is.
    const cut = Buffer.from('ok €', 'utf8').subarray(0, 5);
    expect(looksLikeText(cut, false)).toBe(true);
    expect(looksLikeText(cut, true)).toBe(false);
  });
});

describe('names', () => {
  it('keeps the display name safe and short', () => {
    expect(sanitizeFileName('C:\\Users\\me\\Desktop\\plan.pdf', 'file')).toBe('plan.pdf');
    expect(sanitizeFileName('../../etc/passwd', 'file')).toBe('passwd');
    expect(sanitizeFileName('inv\u202Egpj.exe', 'file')).toBe('invgpj.exe');
    expect(sanitizeFileName('  a\tb\nc.txt ', 'file')).toBe('a b c.txt');
    expect(sanitizeFileName('', 'photo')).toBe('photo');
    expect(sanitizeFileName('...', 'file')).toBe('file');
    const long = sanitizeFileName(`${'ä'.repeat(300)}.jpeg`, 'photo');
    expect([...long]).toHaveLength(200);
    expect(long.endsWith('.jpeg')).toBe(true);
    expect(sanitizeFileName('Cafe\u0301.txt', 'file')).toBe('Café.txt');
  });

  it('writes Content-Disposition per RFC 6266 with an RFC 5987 filename*', () => {
    expect(contentDisposition('attachment', 'report.pdf')).toBe('attachment; filename="report.pdf"');
    expect(contentDisposition('inline', 'Jürgen\'s "Plan" (v2)*.jpg')).toBe(
      `inline; filename="J_rgen's _Plan_ (v2)*.jpg"; filename*=UTF-8''J%C3%BCrgen%27s%20%22Plan%22%20%28v2%29%2A.jpg`,
    );
    expect(contentDisposition('attachment', '見積書.pdf')).toBe(`attachment; filename="___.pdf"; filename*=UTF-8''%E8%A6%8B%E7%A9%8D%E6%9B%B8.pdf`);
    expect(contentDisposition('attachment', '100%.txt')).toBe(`attachment; filename="100_.txt"; filename*=UTF-8''100%25.txt`);
  });
});

describe('EXIF GPS', () => {
  it('reads north/east and south/west positions and ignores broken blocks', async () => {
    const exifOf = async (ifd3: Record<string, string>) =>
      (await sharp(await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } }).jpeg().withExif({ IFD3: ifd3 }).toBuffer()).metadata()).exif;
    const north = await readExifGps(await exifOf({ GPSLatitudeRef: 'N', GPSLatitude: '33/1 45/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '84/1 23/1 2400/100' }));
    expect(north!.latitude).toBeCloseTo(33.75, 9);
    expect(north!.longitude).toBeCloseTo(84.39, 9);
    const south = await readExifGps(await exifOf({ GPSLatitudeRef: 'S', GPSLatitude: '33/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '84/1 15/1 0/1' }));
    expect(south!.latitude).toBeCloseTo(-33.5, 9);
    expect(south!.longitude).toBeCloseTo(-84.25, 9);
    expect(await readExifGps(await exifOf({ GPSLatitudeRef: 'S', GPSLatitude: '95/1 0/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '1/1 0/1 0/1' }))).toBeNull();
    expect(await readExifGps(undefined)).toBeNull();
    expect(await readExifGps(Buffer.from('Exif\0\0MM\0*\0\0\0\x08\xff\xff', 'latin1'))).toBeNull();
    const noGps = (await sharp(await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } }).jpeg().withExif({ IFD0: { Make: 'X' } }).toBuffer()).metadata()).exif;
    expect(await readExifGps(noGps)).toBeNull();
  });
});
