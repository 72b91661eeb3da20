import 'fake-indexeddb/auto';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as UploadModule from '../../components/upload/upload-request';
import type * as StoreModule from '../session-store';
import { fakeToken, installFakeFetch, type FakeRequest } from '../test-support/fake-fetch';
import type * as OutboxModule from './outbox';

/*
 * The outbox against a real IndexedDB implementation (fake-indexeddb, the same structured-clone
 * rules as a browser) and a fake server that keeps Idempotency-Keys like the API (decision 011):
 * order, stop-and-retry with back-off, 409 handling, replay after a lost answer, photo blobs that
 * survive a reload. jsdom's Blob cannot be structured-cloned, so Node's Blob and File stand in.
 */

vi.stubGlobal('Blob', NodeBlob);
vi.stubGlobal('File', NodeFile);

const uploads: { name: string; size: number; key?: string; text: string }[] = [];
let uploadFails = 0;
vi.mock('../../components/upload/upload-request', async (importOriginal) => {
  const original = await importOriginal<typeof UploadModule>();
  return {
    ...original,
    uploadFile: vi.fn(async (_kind: string, file: File, options: { idempotencyKey?: string } = {}) => {
      if (uploadFails > 0) {
        uploadFails -= 1;
        throw new original.UploadError(0, '');
      }
      uploads.push({ name: file.name, size: file.size, key: options.idempotencyKey, text: await file.text() });
      return { id: `00000000-0000-4000-8000-00000000000${uploads.length}`, name: file.name, size: file.size, contentType: file.type };
    }),
  };
});

type Outbox = typeof OutboxModule;
type Store = typeof StoreModule;

let online = true;
Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

/** A fresh page: new module instances over the same IndexedDB (what a reload keeps). */
async function openApp(): Promise<{ outbox: Outbox; store: Store }> {
  vi.resetModules();
  const store = await import('../session-store');
  store.signIn({ token: fakeToken(), user: { id: 'u-1', email: 'crew@example.test', firstName: 'Cam', lastName: 'Crew', role: 'Crew Leader', roles: ['Crew Leader'], language: 'en' } as never });
  const outbox = await import('./outbox');
  return { outbox, store };
}

/** Records created by key: a repeated key answers the first answer (the API's rule). */
function fakeServer(decide: (request: FakeRequest, n: number) => { status: number; body?: unknown; lose?: boolean; retryAfter?: boolean } | undefined = () => undefined) {
  const answers = new Map<string, unknown>();
  const created: unknown[] = [];
  let n = 0;
  const calls = installFakeFetch(() => undefined);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    const request = { method: init.method ?? 'GET', url, headers, body };
    calls.push(request);
    n += 1;
    const key = headers['idempotency-key'];
    const decided = decide(request, n);
    if (key && answers.has(key)) {
      if (decided?.lose) throw new TypeError('Failed to fetch');
      return Response.json(answers.get(key), { status: 201 });
    }
    if (decided && decided.status !== 201) {
      return Response.json({ message: `refused ${decided.status}` }, { status: decided.status, headers: decided.retryAfter ? { 'Retry-After': '1' } : {} });
    }
    const answer = { id: `rec-${created.length + 1}`, path: url.pathname, body };
    created.push(answer);
    if (key) answers.set(key, answer);
    if (decided?.lose) throw new TypeError('Failed to fetch');
    return Response.json(answer, { status: 201 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls: calls.filter((call) => call.method !== 'GET'), created, writes: () => calls.filter((call) => call.method !== 'GET') };
}

function write(n: number) {
  return { kind: 'serviceRequest.comments', subject: `SR-${n}`, recordKey: `serviceRequest:${n}`, steps: [{ method: 'POST' as const, path: `/api/Things/${n}/comments`, body: { text: `note ${n}` } }] };
}

beforeEach(async () => {
  online = true;
  uploads.length = 0;
  uploadFails = 0;
  localStorage.clear();
  // Empty the stores (deleting the database would wait for the connections of earlier "pages").
  const { offlineDb } = await import('./outbox-db');
  const db = await offlineDb();
  for (const name of ['items', 'blobs', 'meta'] as const) await db.clear(name);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('outbox', () => {
  it('keeps writes made offline and sends them in the order they were made, each once', async () => {
    const { outbox } = await openApp();
    const server = fakeServer();
    online = false;
    for (const n of [1, 2, 3]) await outbox.queueWrite(write(n));
    expect((await outbox.reloadOutbox()).map((item) => item.subject)).toEqual(['SR-1', 'SR-2', 'SR-3']);
    expect(server.writes()).toHaveLength(0);

    online = true;
    await outbox.syncOutbox();
    expect(server.writes().map((call) => call.url.pathname)).toEqual(['/api/Things/1/comments', '/api/Things/2/comments', '/api/Things/3/comments']);
    expect(server.writes().every((call) => /^[0-9a-f-]{36}$/.test(call.headers['idempotency-key'] ?? ''))).toBe(true);
    expect(await outbox.reloadOutbox()).toEqual([]);
    await outbox.syncOutbox();
    expect(server.created).toHaveLength(3);
  });

  it('stops at a server error so the order holds, and retries with a growing back-off', async () => {
    const { outbox } = await openApp();
    let failing = true;
    const server = fakeServer(() => (failing ? { status: 500 } : undefined));
    const timeouts = vi.spyOn(globalThis, 'setTimeout');
    online = false;
    await outbox.queueWrite(write(1));
    await outbox.queueWrite(write(2));
    online = true;

    await outbox.syncOutbox();
    expect(server.writes()).toHaveLength(1);
    let items = await outbox.reloadOutbox();
    expect(items.map((item) => [item.subject, item.state, item.attempts])).toEqual([
      ['SR-1', 'waiting', 1],
      ['SR-2', 'waiting', 0],
    ]);
    expect(timeouts.mock.calls.map((call) => call[1])).toContain(5_000);
    await outbox.syncOutbox();
    expect(timeouts.mock.calls.map((call) => call[1])).toContain(10_000);

    failing = false;
    await outbox.syncOutbox();
    items = await outbox.reloadOutbox();
    expect(items).toEqual([]);
    expect(server.created.map((record) => (record as { path: string }).path)).toEqual(['/api/Things/1/comments', '/api/Things/2/comments']);
  });

  it('a 409 refusal becomes a conflict with the server words and the next items go on; 409 "still running" waits', { timeout: 20_000 }, async () => {
    const { outbox } = await openApp();
    const server = fakeServer((request) => {
      if (request.url.pathname === '/api/Things/1/comments') return { status: 409 };
      if (request.url.pathname === '/api/Things/3/comments' && !stillRunningDone) return { status: 409, retryAfter: true };
      return undefined;
    });
    let stillRunningDone = false;
    online = false;
    for (const n of [1, 2, 3]) await outbox.queueWrite(write(n));
    online = true;
    await outbox.syncOutbox();
    let items = await outbox.reloadOutbox();
    expect(items.map((item) => [item.subject, item.state])).toEqual([
      ['SR-1', 'conflict'],
      ['SR-3', 'waiting'],
    ]);
    expect(items[0]!.conflict).toEqual({ status: 409, message: 'refused 409' });
    expect(server.created).toHaveLength(1);

    stillRunningDone = true;
    await outbox.syncOutbox();
    items = await outbox.reloadOutbox();
    expect(items.map((item) => item.subject)).toEqual(['SR-1']);
    // Nothing is dropped silently: the conflict stays until the user removes it.
    await outbox.discardItem(items[0]!.id);
    expect(await outbox.reloadOutbox()).toEqual([]);
  });

  it('a write whose answer was lost is replayed with the same key and makes one record', { timeout: 20_000 }, async () => {
    const { outbox } = await openApp();
    let lose = true;
    const server = fakeServer(() => (lose ? { status: 201, lose: true } : undefined));
    online = false;
    await outbox.queueWrite(write(7));
    online = true;
    await outbox.syncOutbox();
    expect(server.created).toHaveLength(1);
    expect(await outbox.reloadOutbox()).toHaveLength(1);

    lose = false;
    await outbox.syncOutbox();
    // The client's own retries (three tries) and the outbox's next run all carry the one key.
    const keys = new Set(server.writes().map((call) => call.headers['idempotency-key']));
    expect(server.writes().length).toBeGreaterThanOrEqual(4);
    expect(keys.size).toBe(1);
    expect(server.created).toHaveLength(1);
    expect(await outbox.reloadOutbox()).toEqual([]);
  });

  it('photos stay on the device across a reload, upload first (retried with one key), then the write uses their ids', async () => {
    let app = await openApp();
    const server = fakeServer();
    online = false;
    await app.outbox.queueWrite({
      kind: 'orangeReport.file',
      subject: 'Broken sprinkler',
      recordKey: 'orangeReport:local-1',
      photos: [
        { blob: new NodeBlob(['first photo'], { type: 'image/jpeg' }) as unknown as Blob, name: 'a.jpg' },
        { blob: new NodeBlob(['second photo'], { type: 'image/jpeg' }) as unknown as Blob, name: 'b.jpg' },
      ],
      steps: [
        { method: 'POST', path: '/api/OrangeReports', body: { customerId: 'c-1', photos: [{ fileId: '{{photo:0}}', caption: '' }, { fileId: '{{photo:1}}', caption: 'x' }] } },
        { method: 'POST', path: '/api/OrangeReports/{{step:0}}/submit', body: {} },
      ],
    });

    // Reload: new modules, same IndexedDB.
    app = await openApp();
    const [kept] = await app.outbox.reloadOutbox();
    expect(kept!.photos.map((photo) => [photo.name, photo.size])).toEqual([
      ['a.jpg', 11],
      ['b.jpg', 12],
    ]);

    online = true;
    uploadFails = 1;
    await app.outbox.syncOutbox();
    expect(uploads).toHaveLength(0);
    expect(server.writes()).toHaveLength(0);
    await app.outbox.syncOutbox();
    expect(uploads.map((upload) => upload.text)).toEqual(['first photo', 'second photo']);
    expect(uploads[0]!.key).toBe(kept!.photos[0]!.key);
    const [create, submit] = server.writes();
    expect(create!.body).toEqual({
      customerId: 'c-1',
      photos: [
        { fileId: '00000000-0000-4000-8000-000000000001', caption: '' },
        { fileId: '00000000-0000-4000-8000-000000000002', caption: 'x' },
      ],
    });
    expect(submit!.url.pathname).toBe('/api/OrangeReports/rec-1/submit');
    expect(await app.outbox.reloadOutbox()).toEqual([]);
  });

  it('shows and sends only the signed-in user’s items', async () => {
    const { outbox, store } = await openApp();
    const server = fakeServer();
    online = false;
    await outbox.queueWrite(write(1));
    store.signIn({ token: fakeToken(), user: { id: 'u-2', email: 'other@example.test', firstName: 'O', lastName: 'T', role: 'Crew Leader', roles: ['Crew Leader'], language: 'en' } as never });
    expect(await outbox.reloadOutbox()).toEqual([]);
    online = true;
    await outbox.syncOutbox();
    expect(server.writes()).toHaveLength(0);
  });
});
