import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { startFauxqs, type FauxqsServer } from 'fauxqs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { S3Config } from '../../config.js';
import { createS3FileStore } from './s3-file-store.js';

/*
 * The S3 store against an S3 protocol server running here (fauxqs, in-process, real HTTP and
 * the S3 multipart semantics), through a small recording proxy so the test sees which S3 calls
 * were made. Covers the paths a plain PUT test cannot: multipart uploads of unknown length and
 * the abort when the source stream fails.
 */

const MB = 1024 * 1024;

interface Call {
  method: string;
  url: string;
  status: number;
}

let s3: FauxqsServer;
let proxy: Server;
let calls: Call[] = [];
let config: S3Config;

beforeAll(async () => {
  s3 = await startFauxqs({ port: 0, host: '127.0.0.1', logger: false });
  s3.createBucket('grove-files');
  proxy = createServer((incoming, outgoing) => {
    const forward = httpRequest({ host: '127.0.0.1', port: s3.port, method: incoming.method, path: incoming.url, headers: incoming.headers }, (answer) => {
      calls.push({ method: incoming.method ?? '', url: incoming.url ?? '', status: answer.statusCode ?? 0 });
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forward.on('error', () => outgoing.destroy());
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  config = {
    bucket: 'grove-files',
    endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    region: 'us-east-1',
    accessKeyId: 'test-key',
    secretAccessKey: 'test-secret',
    forcePathStyle: true,
  };
});

afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await s3.stop();
});

beforeEach(() => {
  calls = [];
});

/** Deterministic bytes, `size` long, in 256 KB chunks. */
function bytes(size: number, failAfter?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) return void this.destroy(new Error('the client went away'));
      if (sent >= size) return void this.push(null);
      const chunk = Buffer.alloc(Math.min(256 * 1024, size - sent), sent % 251);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

const digest = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const kinds = () =>
  calls.map(({ method, url }) => {
    const query = new URL(url, 'http://x').searchParams;
    if (method === 'POST' && query.has('uploads')) return 'create';
    if (method === 'PUT' && query.has('partNumber')) return 'part';
    if (method === 'POST' && query.has('uploadId')) return 'complete';
    if (method === 'DELETE' && query.has('uploadId')) return 'abort';
    return `${method.toLowerCase()}-object`;
  });

describe('S3 file store against an S3 protocol server', () => {
  it('stores a large upload of unknown length as a multipart upload and reads it back unchanged', async () => {
    const store = createS3FileStore(config);
    const expected = await buffer(bytes(12 * MB));
    await store.put('files/2026/09/big/original', bytes(12 * MB), { contentType: 'application/pdf' });
    expect(kinds()).toEqual(['create', 'part', 'part', 'part', 'complete']);
    expect(calls.every((call) => call.status < 300)).toBe(true);
    const read = await buffer((await store.get('files/2026/09/big/original'))!);
    expect(read.length).toBe(12 * MB);
    expect(digest(read)).toBe(digest(expected));
    expect(await store.exists('files/2026/09/big/original')).toBe(true);
  });

  it('stores a small upload with one path-style PUT; reads, checks and deletes; missing is null', async () => {
    const store = createS3FileStore(config);
    await store.put('photos/2026/09/small/original', bytes(300 * 1024), { contentType: 'image/jpeg' });
    expect(kinds()).toEqual(['put-object']);
    expect(new URL(calls[0]!.url, 'http://x').pathname).toBe('/grove-files/photos/2026/09/small/original');
    expect((await buffer((await store.get('photos/2026/09/small/original'))!)).length).toBe(300 * 1024);
    expect(await store.get('photos/2026/09/missing/original')).toBeNull();
    expect(await store.exists('photos/2026/09/missing/original')).toBe(false);
    await store.delete('photos/2026/09/small/original');
    expect(await store.exists('photos/2026/09/small/original')).toBe(false);
  });

  it('aborts the multipart upload when the source fails: no object, and the server dropped the parts', async () => {
    const store = createS3FileStore(config);
    await expect(store.put('files/2026/09/broken/original', bytes(20 * MB, 7 * MB), { contentType: 'application/pdf' })).rejects.toThrow();
    // Let the abort (sent when the stream failed) arrive.
    for (let i = 0; i < 100 && !kinds().includes('abort'); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(kinds()).toContain('create');
    expect(kinds()).toContain('abort');
    expect(kinds()).not.toContain('complete');
    const abort = calls.find((call) => call.method === 'DELETE')!;
    expect(abort.status).toBe(204);
    expect(await store.exists('files/2026/09/broken/original')).toBe(false);

    // The upload id is gone on the server: a part sent to it now is refused.
    const uploadId = new URL(abort.url, 'http://x').searchParams.get('uploadId')!;
    const client = new S3Client({ region: config.region, endpoint: config.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' } });
    await expect(client.send(new UploadPartCommand({ Bucket: 'grove-files', Key: 'files/2026/09/broken/original', UploadId: uploadId, PartNumber: 9, Body: Buffer.from('late') }))).rejects.toMatchObject({
      name: 'NoSuchUpload',
    });
    client.destroy();
  });
});
