import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendCsv, sendDownload } from './download.js';

describe('downloads built by the API', () => {
  const app = Fastify();
  app.get('/text', (_request, reply) => sendCsv(reply, 'a,b\r\n1,2\r\n', 'report "2026"/../x y.csv'));
  app.get('/stream', (_request, reply) => sendCsv(reply, Readable.from(['a\r\n', '1\r\n']), 'customers-2026-11-24.csv'));
  app.get('/pdf', (_request, reply) => sendDownload(reply, Buffer.from('%PDF-1.7'), { type: 'application/pdf', fileName: 'INV-1.pdf', disposition: 'inline' }));

  it('sends a CSV as an attachment with a safe ASCII name, uncached and not sniffed', async () => {
    const res = await app.inject('/text');
    expect(res.body).toBe('a,b\r\n1,2\r\n');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Quotes, slashes and spaces cannot break out of the header or name a path.
    expect(res.headers['content-disposition']).toBe('attachment; filename="report__2026__.._x_y.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('streams a CSV written from a cursor', async () => {
    const res = await app.inject('/stream');
    expect(res.body).toBe('a\r\n1\r\n');
    expect(res.headers['content-disposition']).toBe('attachment; filename="customers-2026-11-24.csv"');
  });

  it('sends other files inline when asked', async () => {
    const res = await app.inject('/pdf');
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="INV-1.pdf"');
  });
});
