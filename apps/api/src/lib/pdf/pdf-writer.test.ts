import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@grove/shared';
import { pdfText } from '../../test/pdf-text.js';
import { PdfWriter, type PdfCompany } from './index.js';

const company: PdfCompany = { name: 'Grove Landscape Services', addressLines: ['100 Garden Way', 'Springfield, IL 62701'], phone: '555-0100', email: null, website: null, taxId: 'EIN 12-3456789' };

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const SAMPLES = {
  en: 'Mulch and edging',
  zh: '草坪维护与修剪',
  es: 'Poda de árboles y césped',
  ja: '芝生のメンテナンスありがとう',
  de: 'Rasenpflege für Größe',
  fr: 'Entretien des pelouses à Noël',
} as const;

describe('PdfWriter', () => {
  it.each(LANGUAGES)('renders %s text with embedded fonts that a reader can copy', async (language) => {
    const pdf = new PdfWriter({ language, company, title: `Sample ${language}` });
    pdf.letterhead(company, 'Document', [['No.', 'X-1']]);
    pdf.text(SAMPLES[language]);
    pdf.table([{ label: 'Item', share: 0.7 }, { label: 'Amount', share: 0.3, align: 'right' }], [[SAMPLES[language], pdf.money(120000)]]);
    const { text, title } = await pdfText(await bytesOf(pdf.finish()));
    expect(title).toBe(`Sample ${language}`);
    expect(text).toContain(SAMPLES[language]);
    expect(text).toContain('Grove Landscape Services');
    expect(text).toContain('EIN 12-3456789');
  });

  it('breaks long tables across pages and repeats the header', async () => {
    const pdf = new PdfWriter({ language: 'en', company, title: 'Long' });
    const rows = Array.from({ length: 120 }, (_, i) => [`Line ${i + 1}`, pdf.money(i * 100)]);
    pdf.table([{ label: 'Item', share: 0.7 }, { label: 'Amount', share: 0.3, align: 'right' }], rows);
    const { pages } = await pdfText(await bytesOf(pdf.finish()));
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.every((page) => page.includes('Item'))).toBe(true);
    expect(pages.at(-1)).toContain('Line 120');
  });

  it('switches to a CJK font for CJK runs inside a Latin document', async () => {
    const pdf = new PdfWriter({ language: 'en', company, title: 'Mixed' });
    pdf.text('Signed by 王小明');
    const { text } = await pdfText(await bytesOf(pdf.finish()));
    expect(text).toContain('王小明');
  });
});
