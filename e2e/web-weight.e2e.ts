import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, baseURL, launch, newPage, signIn, waitForQuiet } from './browser.js';

/*
 * Issue 15, goal 1: what a first visit downloads, in compressed bytes on the wire (what the
 * browser's network layer reports), measured in chromium on the built app with an empty cache.
 * The budgets are ceilings against regressions at today's size plus room for the domains landing
 * now (measured 2026-11-24: /login 307 KB, /customers 369 KB; later that day, after orange reports,
 * plans, invoices, settings and offline added their translation namespaces, which i18n.ts still loads
 * all at start: /login 383 KB, /customers 458 KB). The targets (170 KB and 250 KB) need the
 * entry split further (sign-in without the data libraries, namespaces per screen): lower these
 * numbers as that work lands.
 */

const KB = 1000;
const BUDGETS = { loginJs: 400 * KB, staffListJs: 480 * KB } as const;

interface Transfer {
  url: string;
  type: string;
  bytes: number;
  encoding: string | undefined;
}

/** Opens `path` in `page` with the cache disabled and returns every response's transferred size. */
async function firstLoad(page: Page, path: string): Promise<Transfer[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const seen = new Map<string, { url: string; type: string; encoding: string | undefined }>();
  const transfers: Transfer[] = [];
  cdp.on('Network.responseReceived', (event) => {
    const headers = event.response.headers as Record<string, string>;
    const encoding = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
    seen.set(event.requestId, { url: event.response.url, type: event.type, encoding });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = seen.get(event.requestId);
    if (response) transfers.push({ ...response, bytes: event.encodedDataLength });
  });
  await page.goto(`${baseURL()}${path}`);
  await waitForQuiet(page);
  await cdp.detach();
  return transfers;
}

const sum = (transfers: Transfer[], type: string) => transfers.filter((t) => t.type === type).reduce((total, t) => total + t.bytes, 0);

describe('web weight on a first visit', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it(`keeps /login within ${BUDGETS.loginJs / KB} KB of compressed JavaScript, served as brotli`, async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const transfers = await firstLoad(page, '/login');
    await expect.poll(() => page.getByRole('button', { name: /sign in/i }).isVisible()).toBe(true);
    const scripts = transfers.filter((t) => t.type === 'Script');
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.encoding, script.url).toBe('br');
    const js = sum(transfers, 'Script');
    console.log(`/login first load: ${(js / KB).toFixed(1)} KB JS, ${(sum(transfers, 'Stylesheet') / KB).toFixed(1)} KB CSS in ${transfers.length} responses`);
    if (js > BUDGETS.loginJs) console.log(scripts.map((t) => `${(t.bytes / KB).toFixed(1)} ${t.url.replace(/.*\//, '')}`).join('\n'));
    expect(js).toBeLessThanOrEqual(BUDGETS.loginJs);
    // No source maps are published.
    const main = scripts[0]!;
    const mapResponse = await page.request.get(`${main.url}.map`);
    expect(mapResponse.status()).toBe(404);
    await context.close();
  });

  it(`keeps a signed-in staff list page within ${BUDGETS.staffListJs / KB} KB of compressed JavaScript`, async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(page, 'executive@demo.grove.test');
    await page.waitForURL((url) => url.pathname !== '/login');
    const fresh = await context.newPage();
    const transfers = await firstLoad(fresh, '/customers');
    await expect.poll(() => fresh.getByRole('table').first().isVisible()).toBe(true);
    const js = sum(transfers, 'Script');
    console.log(`/customers first load: ${(js / KB).toFixed(1)} KB JS, ${(sum(transfers, 'Stylesheet') / KB).toFixed(1)} KB CSS in ${transfers.length} responses`);
    if (js > BUDGETS.staffListJs) console.log(transfers.filter((t) => t.type === 'Script').map((t) => `${(t.bytes / KB).toFixed(1)} ${t.url.replace(/.*\//, '')}`).join('\n'));
    expect(js).toBeLessThanOrEqual(BUDGETS.staffListJs);
    const api = transfers.filter((t) => t.type === 'XHR' || t.type === 'Fetch');
    expect(api.some((t) => t.encoding === 'br')).toBe(true);
    await context.close();
  });
});
