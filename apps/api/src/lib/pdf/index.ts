import type { FastifyReply } from 'fastify';
import { sendDownload } from '../download.js';

/*
 * Server-side PDFs (docs/decisions: the PDF module): pdfkit with embedded Noto fonts. Domains build
 * their documents with PdfWriter and send them with `sendPdf`, which streams the pages as pdfkit
 * writes them.
 */
export { PdfWriter, type Column, type PdfCompany } from './pdf-writer.js';
export { familyFor, hasCjk } from './fonts.js';

/** Streams a finished document (file names are ASCII document numbers) as the answer: inline (opens in the browser) or as a download. */
export function sendPdf(reply: FastifyReply, pdf: NodeJS.ReadableStream, fileName: string, disposition: 'inline' | 'attachment' = 'inline'): FastifyReply {
  return sendDownload(reply, pdf, { type: 'application/pdf', fileName, disposition });
}
