import PDFDocument from 'pdfkit';
import type { Language } from '@grove/shared';
import { familyFor, fontBytes, type FontFamily, type FontWeight } from './fonts.js';

/** Who issues the documents: the company block of every PDF (COMPANY_* settings). */
export interface PdfCompany {
  name: string;
  addressLines: readonly string[];
  phone: string | null;
  email: string | null;
  website: string | null;
  taxId: string | null;
}

export interface TextOptions {
  size?: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'right' | 'center';
  x?: number;
  y?: number;
  width?: number;
  gap?: number;
}

export interface Column {
  label: string;
  /** Share of the content width (the shares of a table add up to 1). */
  share: number;
  align?: 'left' | 'right';
}

const MARGIN = 50;
const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#cbd2d9';
const ACCENT = '#c05621';

const LOCALES: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', es: 'es-ES', ja: 'ja-JP', de: 'de-DE', fr: 'fr-FR' };

/**
 * A letter-size document with the company letterhead, text that picks its Noto font per run, and
 * tables that break across pages. Pages are not buffered: pdfkit writes each finished page to its
 * stream, so `stream()` can be handed to the reply while drawing continues.
 */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly language: Language;
  readonly locale: string;
  private readonly registered = new Set<string>();
  private pageNumber = 1;
  private readonly footer: string;

  constructor(options: { language: Language; title: string; subject?: string; company: PdfCompany; footer?: string }) {
    this.language = options.language;
    this.locale = LOCALES[options.language];
    this.footer = options.footer ?? options.company.name;
    this.doc = new PDFDocument({
      size: 'LETTER',
      margins: { top: MARGIN, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
      info: { Title: options.title, Author: options.company.name, Subject: options.subject ?? options.title, Creator: 'Grove' },
      lang: this.locale,
      displayTitle: true,
      autoFirstPage: true,
    });
    this.drawFooter();
    this.doc.on('pageAdded', () => {
      this.pageNumber += 1;
      this.drawFooter();
    });
  }

  get contentWidth(): number {
    return this.doc.page.width - MARGIN * 2;
  }

  get left(): number {
    return MARGIN;
  }

  private useFont(text: string, weight: FontWeight): void {
    const family: FontFamily = familyFor(this.language, text);
    const name = `${family}-${weight}`;
    if (!this.registered.has(name)) {
      this.doc.registerFont(name, fontBytes(family, weight));
      this.registered.add(name);
    }
    this.doc.font(name);
  }

  private drawFooter(): void {
    const { doc } = this;
    const y = doc.page.height - MARGIN;
    const saved = { x: doc.x, y: doc.y };
    const label = `${this.footer} · ${this.pageNumber}`;
    // Below the bottom margin: lift the margin while writing, or pdfkit would start another page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    this.useFont(label, 'regular');
    doc.fontSize(8).fillColor(MUTED).text(label, MARGIN, y, { width: this.contentWidth, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
    doc.x = saved.x;
    doc.y = saved.y;
  }

  /** Writes a paragraph (or a positioned line) in the right font. */
  text(value: string, options: TextOptions = {}): this {
    const { doc } = this;
    this.useFont(value, options.bold ? 'bold' : 'regular');
    doc.fontSize(options.size ?? 10).fillColor(options.color ?? INK);
    const textOptions = { width: options.width ?? this.contentWidth, align: options.align ?? 'left', paragraphGap: options.gap ?? 2 };
    if (options.x !== undefined || options.y !== undefined) doc.text(value, options.x ?? doc.x, options.y ?? doc.y, textOptions);
    else doc.text(value, textOptions);
    return this;
  }

  muted(value: string, options: TextOptions = {}): this {
    return this.text(value, { size: 9, color: MUTED, ...options });
  }

  heading(value: string, size = 13): this {
    this.ensureSpace(size * 3);
    this.doc.moveDown(0.6);
    return this.text(value, { size, bold: true, color: ACCENT, x: MARGIN });
  }

  rule(): this {
    const { doc } = this;
    doc.moveDown(0.3);
    doc.strokeColor(RULE).lineWidth(0.75).moveTo(MARGIN, doc.y).lineTo(MARGIN + this.contentWidth, doc.y).stroke();
    doc.moveDown(0.4);
    return this;
  }

  /** Starts a new page when fewer than `height` points are left. */
  ensureSpace(height: number): void {
    const bottom = this.doc.page.height - this.doc.page.margins.bottom;
    if (this.doc.y + height > bottom) this.doc.addPage();
  }

  heightOf(value: string, width: number, options: { size?: number; bold?: boolean } = {}): number {
    this.useFont(value, options.bold ? 'bold' : 'regular');
    this.doc.fontSize(options.size ?? 10);
    return this.doc.heightOfString(value || ' ', { width });
  }

  /** The company block at the left, the document's title and facts at the right. */
  letterhead(company: PdfCompany, title: string, facts: readonly (readonly [string, string])[]): this {
    const { doc } = this;
    const top = MARGIN;
    const half = this.contentWidth / 2;
    doc.y = top;
    this.text(company.name, { size: 16, bold: true, x: MARGIN, y: top, width: half - 10 });
    const contact = [...company.addressLines, company.phone, company.email, company.website, company.taxId].filter((line): line is string => Boolean(line));
    for (const line of contact) this.muted(line, { x: MARGIN, width: half - 10, gap: 0 });
    const leftBottom = doc.y;

    this.text(title, { size: 20, bold: true, color: ACCENT, x: MARGIN + half, y: top, width: half, align: 'right' });
    for (const [label, value] of facts) {
      this.text(`${label}: ${value}`, { size: 9, x: MARGIN + half, width: half, align: 'right', gap: 0 });
    }
    doc.y = Math.max(leftBottom, doc.y) + 10;
    doc.x = MARGIN;
    return this.rule();
  }

  /** Label/value pairs, two columns. */
  keyValues(pairs: readonly (readonly [string, string])[]): this {
    const labelWidth = this.contentWidth * 0.28;
    for (const [label, value] of pairs) {
      const height = Math.max(this.heightOf(label, labelWidth - 8, { size: 9 }), this.heightOf(value, this.contentWidth - labelWidth, { size: 10 }));
      this.ensureSpace(height + 4);
      const y = this.doc.y;
      this.text(label, { size: 9, color: MUTED, x: MARGIN, y, width: labelWidth - 8 });
      this.text(value, { size: 10, x: MARGIN + labelWidth, y, width: this.contentWidth - labelWidth });
      this.doc.y = y + height + 4;
    }
    this.doc.x = MARGIN;
    return this;
  }

  /** A table whose header repeats on each new page; cells wrap. */
  table(columns: readonly Column[], rows: readonly (readonly string[])[]): this {
    const { doc } = this;
    const widths = columns.map((column) => column.share * this.contentWidth);
    const padding = 4;
    const drawRow = (cells: readonly string[], header: boolean) => {
      const height = Math.max(...cells.map((cell, i) => this.heightOf(cell, widths[i]! - padding * 2, { size: header ? 8.5 : 9.5, bold: header }))) + padding * 2;
      if (!header) {
        const bottom = doc.page.height - doc.page.margins.bottom;
        if (doc.y + height > bottom) {
          doc.addPage();
          drawRow(columns.map((column) => column.label), true);
        }
      }
      const y = doc.y;
      if (header) doc.rect(MARGIN, y, this.contentWidth, height).fill('#f5f7fa');
      let x = MARGIN;
      cells.forEach((cell, i) => {
        this.text(cell, {
          size: header ? 8.5 : 9.5,
          bold: header,
          color: header ? MUTED : INK,
          x: x + padding,
          y: y + padding,
          width: widths[i]! - padding * 2,
          align: columns[i]!.align ?? 'left',
          gap: 0,
        });
        x += widths[i]!;
      });
      doc.strokeColor(RULE).lineWidth(0.5).moveTo(MARGIN, y + height).lineTo(MARGIN + this.contentWidth, y + height).stroke();
      doc.y = y + height;
    };
    this.ensureSpace(40);
    drawRow(columns.map((column) => column.label), true);
    for (const row of rows) drawRow(row, false);
    doc.x = MARGIN;
    doc.moveDown(0.5);
    return this;
  }

  /** Right-aligned label/amount lines under a table; `strong` rows are bold. */
  totals(lines: readonly { label: string; value: string; strong?: boolean }[]): this {
    const width = this.contentWidth * 0.45;
    const x = MARGIN + this.contentWidth - width;
    this.ensureSpace(lines.length * 16 + 8);
    for (const line of lines) {
      const y = this.doc.y;
      this.text(line.label, { size: line.strong ? 11 : 9.5, bold: line.strong, x, y, width: width * 0.55, color: line.strong ? INK : MUTED });
      this.text(line.value, { size: line.strong ? 11 : 9.5, bold: line.strong, x: x + width * 0.55, y, width: width * 0.45, align: 'right' });
      this.doc.y = Math.max(this.doc.y, y + (line.strong ? 16 : 14));
    }
    this.doc.x = MARGIN;
    return this;
  }

  money(cents: number, currency = 'USD'): string {
    return new Intl.NumberFormat(this.locale, { style: 'currency', currency }).format(cents / 100);
  }

  /** A calendar date (`YYYY-MM-DD`) or an instant, in the document's language. */
  date(value: string | Date, withTime = false): string {
    const instant = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
    return new Intl.DateTimeFormat(this.locale, {
      dateStyle: 'long',
      ...(withTime ? { timeStyle: 'long' } : {}),
      timeZone: 'UTC',
    }).format(instant);
  }

  number(value: number): string {
    return new Intl.NumberFormat(this.locale, { maximumFractionDigits: 3 }).format(value);
  }

  percent(bps: number): string {
    return new Intl.NumberFormat(this.locale, { style: 'percent', maximumFractionDigits: 3 }).format(bps / 10_000);
  }

  newPage(): this {
    this.doc.addPage();
    return this;
  }

  /** Ends the document; the returned stream is the PDF (pipe it or hand it to `reply.send`). */
  finish(): PDFKit.PDFDocument {
    this.doc.end();
    return this.doc;
  }
}
