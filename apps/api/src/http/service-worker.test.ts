import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKind, type TestContext } from '../test/test-app.js';

/*
 * Issue 16 / decision 019: the installable app's files. The service worker and the manifest are
 * revalidated on every visit (a stale worker would keep an old app alive), served precompressed
 * like the rest, with the same security headers, and a missing one is a 404 — never index.html,
 * which a browser would refuse as a worker script anyway.
 */
describe(`service worker and manifest files (${dbKind})`, () => {
  let ctx: TestContext;
  let webDist: string;
  const sw = `self.addEventListener('fetch', () => {});${'/* precache */'.repeat(200)}`;
  const manifest = JSON.stringify({ name: 'Grove', start_url: '/', display: 'standalone' });

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'grove-web-sw-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Grove</title>');
    writeFileSync(join(webDist, 'sw.js'), sw);
    writeFileSync(join(webDist, 'sw.js.br'), brotliCompressSync(sw));
    writeFileSync(join(webDist, 'workbox-abc123.js'), 'self.workbox = {};');
    writeFileSync(join(webDist, 'manifest.webmanifest'), manifest);
    writeFileSync(join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
    ctx = await createTestContext({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the service worker as JavaScript, revalidated on every visit, brotli when accepted', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(?:application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(sw);
    // The same policy as every page: the worker's own fetches are limited to this origin.
    expect(res.headers['content-security-policy']).toMatch(/connect-src 'self'/);
    const runtime = await ctx.app.inject({ method: 'GET', url: '/workbox-abc123.js' });
    expect(runtime.headers['cache-control']).toBe('no-cache');
  });

  it('serves the manifest with its media type and no long cache', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual(JSON.parse(manifest));
  });

  it('keeps hashed assets immutable', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a worker file the build does not have, not the app page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/workbox-missing.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});
