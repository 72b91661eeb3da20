import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/*
 * Files the API builds (CSV exports, PDFs, spreadsheets) leave through one function, so every
 * download gets the same headers: its type, a file name reduced to safe ASCII (names are built from
 * document numbers and dates; stored uploads use `files/content-disposition.ts` instead), no caching
 * of personal data, no type sniffing.
 */

const CSV_TYPE = 'text/csv; charset=utf-8';

export function sendDownload(
  reply: FastifyReply,
  body: string | Buffer | Readable | NodeJS.ReadableStream,
  options: { type: string; fileName: string; disposition?: 'inline' | 'attachment' },
): FastifyReply {
  return reply
    .header('content-type', options.type)
    .header('content-disposition', `${options.disposition ?? 'attachment'}; filename="${options.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

/** A CSV export as a download: a finished text or a stream written from a cursor. */
export function sendCsv(reply: FastifyReply, body: string | Readable, fileName: string): FastifyReply {
  return sendDownload(reply, body, { type: CSV_TYPE, fileName });
}
