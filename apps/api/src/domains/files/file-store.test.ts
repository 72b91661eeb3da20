import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { createLocalFileStore } from './local-file-store.js';

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
