import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { S3Config } from '../../config.js';
import { createLocalFileStore } from './local-file-store.js';
import { createS3FileStore } from './s3-file-store.js';

describe('local file store', () => {
  const root = mkdtempSync(join(tmpdir(), 'grove-store-'));
  const store = createLocalFileStore(root);

  it('puts, gets, tells existence and deletes by key', async () => {
    const key = 'photos/2026/07/0b5c6a1e-5f57-4c57-9a39-3c9d3f0c2a11/original';
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, Readable.from([Buffer.from('hello '), Buffer.from('world')]), { contentType: 'text/plain' });
    expect(await store.exists(key)).toBe(true);
    expect((await buffer((await store.get(key))!)).toString()).toBe('hello world');
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await store.delete(key); // already gone: not an error
  });

  it('leaves nothing behind when the incoming stream fails', async () => {
    const key = 'files/2026/07/broken/original';
    async function* failing() {
      yield Buffer.alloc(1024, 1);
      throw new Error('client went away');
    }
    await expect(store.put(key, Readable.from(failing()), { contentType: 'application/pdf' })).rejects.toThrow('client went away');
    expect(await store.exists(key)).toBe(false);
    const left = await readdir(join(root, 'files/2026/07/broken'));
    expect(left).toEqual([]);
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../etc/passwd', '/abs/path', 'a/../../b', 'UPPER/case', 'a//b', '']) {
      await expect(store.put(key, Readable.from([Buffer.from('x')]), { contentType: 'text/plain' }), key).rejects.toThrow(/Invalid storage key/);
      await expect(store.get(key), key).rejects.toThrow(/Invalid storage key/);
    }
  });
});

describe('S3 file store (request building; no S3 server here)', () => {
  const config: S3Config = {
    bucket: 'grove-files',
    endpoint: 'http://127.0.0.1:9000',
    region: 'eu-central-1',
    accessKeyId: 'test-key',
    secretAccessKey: 'test-secret',
    forcePathStyle: true,
  };

  interface Seen {
    method: string;
    path: string;
    headers: Record<string, string>;
    body: Buffer;
  }

  function fakeS3(answer: (seen: Seen) => { statusCode: number; body?: string; headers?: Record<string, string> }) {
    const seen: Seen[] = [];
    const handler = {
      async handle(request: { method: string; path: string; headers: Record<string, string>; body?: unknown }) {
        const body = request.body instanceof Readable ? await buffer(request.body) : Buffer.from((request.body as string | Uint8Array | undefined) ?? '');
        const entry = { method: request.method, path: request.path, headers: request.headers, body };
        seen.push(entry);
        const reply = answer(entry);
        return { response: { statusCode: reply.statusCode, headers: reply.headers ?? {}, body: Readable.from([Buffer.from(reply.body ?? '')]) } };
      },
    };
    return { seen, handler };
  }

  it('puts an object path-style with its content type and a signed request', async () => {
    const { seen, handler } = fakeS3(() => ({ statusCode: 200, headers: { etag: '"abc"' } }));
    const store = createS3FileStore(config, handler as never);
    await store.put('files/2026/07/id/original', Readable.from([Buffer.from('%PDF-1.4 test')]), { contentType: 'application/pdf' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'PUT', path: '/grove-files/files/2026/07/id/original' });
    expect(seen[0]!.headers['content-type']).toBe('application/pdf');
    expect(seen[0]!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/eu-central-1\/s3\/aws4_request/);
    expect(seen[0]!.body.toString()).toBe('%PDF-1.4 test');
  });

  it('gets, checks and deletes objects; a 404 means missing', async () => {
    const { seen, handler } = fakeS3((request) =>
      request.path.endsWith('/missing') ? { statusCode: 404, body: '<Error><Code>NoSuchKey</Code></Error>' } : { statusCode: 200, body: 'stored bytes' },
    );
    const store = createS3FileStore(config, handler as never);
    expect((await buffer((await store.get('photos/a/original'))!)).toString()).toBe('stored bytes');
    expect(await store.get('photos/a/missing')).toBeNull();
    expect(await store.exists('photos/a/original')).toBe(true);
    expect(await store.exists('photos/a/missing')).toBe(false);
    await store.delete('photos/a/original');
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /grove-files/photos/a/original',
      'GET /grove-files/photos/a/missing',
      'HEAD /grove-files/photos/a/original',
      'HEAD /grove-files/photos/a/missing',
      'DELETE /grove-files/photos/a/original',
    ]);
  });
});
