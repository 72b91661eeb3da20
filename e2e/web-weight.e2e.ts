import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, baseURL, launch, newPage, signIn, waitForQuiet } from './browser.js';

/*
 * Issue 15, goal 1 — the bundle budget check of `npm test`: what a first visit downloads, in
 * compressed bytes on the wire (what the browser's network layer reports, headers included), measured
 * in chromium on the built app with an empty cache; printed with the largest scripts. Decision 028
 * explains the split that keeps these numbers (vendor chunks by route, translation namespaces per
 * screen, lazy parts) and 032 (per-component Mantine CSS, one icon chunk, the first screen started
 * at once). Measured 2026-11-24: before /login 383 KB, /customers 458 KB; 028: 161 / 340 KB; 032:
 * 161 / 319 KB, then 163 / 340 KB once every feature called its endpoints through the contract;
 * 162 / 321 KB with 032's addendum (app-wide wiring without other features' api modules);
 * 159 / 285 KB with decision 039 (app code in few chunks, the user menu on first use, zod without
 * its JSON Schema conversion); 159 / 263 KB with decision 042 (popovers, tooltips, menus and selects
 * mount on first use, so floating-ui is not in the first download); 158 / 247 KB with decision 045 (the
 * first screen's icons with the frame, the small shared chunks merged, translations in two bundles).
 * The customer dashboard on a phone: 434 KB before decision 046, 267.9 KB with it (charts, and
 * what lies below the first screen, on approach).
 * The targets: /login 170 KB, a signed-in staff list page 250 KB.
 */

const KB = 1000;
// /customers: 340 KB measured with decision 032 on main f883a1f, 348.7 KB on df0b96b once the last
// domains' endpoint declarations landed; about 321 KB since the live stream, the offline indicator and
// the list page stopped loading other features' api modules (032, addendum); 285 KB in 45 responses
// with decision 039; 263 KB in 47 responses with decision 042; 247 KB in 32 responses with decision 045
// (the goal, 250 KB, reached; what is left: docs/decisions/045). The ceiling sits 3% above the measurement so that growth fails the test and
// response-count jitter (prefetched chunks) does not.
// The customer dashboard on a phone (Lighthouse's mobile viewport): 434 KB of script in 52 responses
// before decision 046 (the charting library of the tiles, Mantine's tooltip of the weather, the parts
// below the first screen); 267.9 KB in 30 after (with 045's chunks), the first screen only. Ceiling 3% above that.
const BUDGETS = { loginJs: 170 * KB, staffListJs: 254 * KB, customerDashboardJs: 275 * KB } as const;
/** Lighthouse's mobile viewport: the customer dashboard's first screen is measured there. */
const LIGHTHOUSE_PHONE = { width: 412, height: 823 } as const;

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

/** The scripts by size, largest first: what to look at when a budget is exceeded. */
const breakdown = (scripts: Transfer[]) =>
  [...scripts]
    .sort((a, b) => b.bytes - a.bytes)
    .map((t) => `${(t.bytes / KB).toFixed(1).padStart(7)} ${t.url.replace(/.*\//, '')}`)
    .join('\n');

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
    console.log(breakdown(scripts));
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
    console.log(breakdown(transfers.filter((t) => t.type === 'Script')));
    expect(js).toBeLessThanOrEqual(BUDGETS.staffListJs);
    const api = transfers.filter((t) => t.type === 'XHR' || t.type === 'Fetch');
    expect(api.some((t) => t.encoding === 'br')).toBe(true);
    await context.close();
  });

  it(`keeps the customer dashboard's first screen on a phone within ${BUDGETS.customerDashboardJs / KB} KB of JavaScript, each API call once`, async () => {
    const { context, page } = await newPage(browser, LIGHTHOUSE_PHONE);
    await signIn(page, 'property-manager@demo.grove.test');
    await page.waitForURL('**/customerView/dashboard');
    const fresh = await context.newPage();
    const transfers = await firstLoad(fresh, '/customerView/dashboard');
    await expect.poll(() => fresh.getByTestId('property-card').count()).toBeGreaterThan(1);
    const scripts = transfers.filter((t) => t.type === 'Script');
    const js = sum(transfers, 'Script');
    console.log(`/customerView/dashboard (phone) first load: ${(js / KB).toFixed(1)} KB JS, ${(sum(transfers, 'Stylesheet') / KB).toFixed(1)} KB CSS in ${transfers.length} responses`);
    console.log(breakdown(scripts));
    expect(js).toBeLessThanOrEqual(BUDGETS.customerDashboardJs);
    // Decision 046: no charting library (no tile is a chart), and what lies below the first screen —
    // "at a glance": tiles, weather (with Mantine's tooltip), team, announcements — is not fetched yet.
    for (const chunk of [/\/ChartTile-/, /\/LineChart-/, /\/floating-/, /\/PropertyAtAGlance-/, /\/WeatherPanel-/]) {
      expect(scripts.filter((t) => chunk.test(t.url)).map((t) => t.url)).toEqual([]);
    }
    const api = (list: Transfer[]) => list.filter((t) => t.type === 'Fetch' || t.type === 'XHR').map((t) => new URL(t.url).pathname + new URL(t.url).search);
    const first = api(transfers);
    for (const below of ['/api/Dashboard', '/api/Weather', '/api/Content/feed']) expect(first.filter((call) => call.startsWith(below))).toEqual([]);
    // No data call twice. (The token refresh is the session's: once at start, once for the first route, see decision 046.)
    const data = first.filter((call) => !call.startsWith('/api/token/refresh'));
    expect(data.filter((call, index) => data.indexOf(call) !== index)).toEqual([]);

    // Scrolled to: the parts arrive, each asked for once.
    const later: string[] = [];
    fresh.on('requestfinished', (request) => {
      if (request.resourceType() === 'fetch') later.push(new URL(request.url()).pathname);
    });
    await fresh.getByTestId('chosen-property').scrollIntoViewIfNeeded();
    await fresh.mouse.wheel(0, 2000);
    await expect.poll(() => fresh.getByTestId('weather-panel').isVisible()).toBe(true);
    await expect.poll(() => fresh.getByTestId('customer-announcements').isVisible()).toBe(true);
    await waitForQuiet(fresh);
    for (const below of ['/api/Dashboard', '/api/Weather', '/api/Content/feed']) expect(later.filter((call) => call === below), below).toHaveLength(1);
    expect(await fresh.getByTestId('at-a-glance-loading').count()).toBe(0);
    await context.close();
  });
});
