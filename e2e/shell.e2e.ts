import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launch, newPage, signIn, waitForQuiet } from './browser.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page; returns serious and critical violations only. */
async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the driver: the portal's CSP rightly refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target })) }));
}

/** Issue 3 end to end: the frame every screen lives in. */
describe('app shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  async function signedIn(email: string, viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
    const { page } = await newPage(browser, viewport);
    await signIn(page, email);
    await page.waitForURL((url) => url.pathname !== '/login');
    return page;
  }

  it('minimises the aside, remembers it, and expands it on hover on desktop', async () => {
    const page = await signedIn('executive@demo.grove.test');
    const layout = page.getByTestId('app-layout');
    await page.getByTestId('aside-toggle').click();
    await expect.poll(() => layout.getAttribute('data-aside-minimized')).toBe('true');
    await page.reload();
    await expect.poll(() => layout.getAttribute('data-aside-minimized')).toBe('true');

    await page.getByTestId('aside').hover();
    await expect.poll(() => layout.getAttribute('data-aside-expanded')).toBe('true');
    await page.mouse.move(DESKTOP.width - 10, DESKTOP.height - 10);
    await expect.poll(() => layout.getAttribute('data-aside-expanded')).toBe('false');
    await page.context().close();
  });

  it('opens the aside off-canvas at phone width and closes it when a link is followed', async () => {
    const page = await signedIn('branch-manager@demo.grove.test', PHONE);
    expect(await page.getByTestId('aside').count()).toBe(0);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const panel = page.getByTestId('aside-offcanvas');
    await expect.poll(() => panel.isVisible()).toBe(true);
    await panel.getByRole('link', { name: 'Service requests' }).click();
    await page.waitForURL('**/service-requests');
    await expect.poll(() => panel.isVisible()).toBe(false);
    await page.context().close();
  });

  it('titles the document after the last breadcrumb', async () => {
    const page = await signedIn('system-admin@demo.grove.test');
    await page.waitForURL('**/customers');
    await expect.poll(() => page.title()).toBe('Customers · Grove');
    const firstCustomer = page.locator('main a[href^="/customers/"]').first();
    const name = (await firstCustomer.innerText()).trim();
    await firstCustomer.click();
    await page.waitForURL(/\/customers\/[0-9a-f-]{36}$/);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect.poll(() => page.title()).not.toBe('Customers · Grove');
    expect(await crumbs.innerText()).toContain('Customers');
    const lastCrumb = (await page.title()).replace(/ · Grove$/, '');
    expect(lastCrumb.length).toBeGreaterThan(0);
    expect(await crumbs.innerText()).toContain(lastCrumb);
    // The record's name, not "Customer" (issue 17 §7), in the tab, the last crumb and the H1.
    await expect.poll(() => page.title()).toBe(`${name} · Grove`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(name);
    await page.context().close();
  });

  it('shows scroll-to-top beyond 300 px and scrolls back up', async () => {
    const page = await signedIn('system-admin@demo.grove.test', { width: 1440, height: 600 });
    await page.goto('/customers?pageSize=100');
    await page.locator('main table tbody tr').nth(20).waitFor();
    // Scroll only once the page has settled: a late re-render would move the scroll position.
    await waitForQuiet(page);
    const button = page.getByRole('button', { name: 'Scroll to top' });
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect.poll(() => button.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => button.isVisible()).toBe(true);
    // The button fades in; click once the transition is over.
    await page.waitForTimeout(500);
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(0);
    await page.context().close();
  });

  it('switches the language at once and keeps it after a reload', async () => {
    const page = await signedIn('regional-director@demo.grove.test');
    await page.waitForURL('**/customers');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Kunden');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('de');
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Kunden');
    expect(await page.title()).toBe('Kunden · Grove');
    // Back to English so the profile's language doesn't leak into other tests.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Customers');
    await page.context().close();
  });

  it('uploads a file with a progress bar per file', async () => {
    const page = await signedIn('system-admin@demo.grove.test');
    await page.waitForURL('**/customers');
    const firstCustomer = page.locator('main a[href^="/customers/"]').first();
    const customerPath = await firstCustomer.getAttribute('href');
    await page.goto(`${customerPath}/requests/new`);
    // Slow the upload down so the progress between 0 and 100 % can be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
    const csv = Buffer.from('date,zone,litres\n' + '2026-11-01,north,1200\n'.repeat(200_000));
    const picker = page.getByTestId('upload-picker').nth(1);
    await picker.setInputFiles({ name: 'irrigation-log.csv', mimeType: 'text/csv', buffer: csv });
    const bar = page.getByRole('progressbar', { name: /irrigation-log\.csv/ });
    await expect
      .poll(async () => Number((await bar.getAttribute('aria-valuenow')) ?? 0), { timeout: 20_000 })
      .toBeGreaterThan(0);
    const midway = Number(await bar.getAttribute('aria-valuenow'));
    expect(midway).toBeLessThan(100);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect.poll(() => page.getByText('Uploaded').count(), { timeout: 60_000 }).toBe(1);
    await page.context().close();
  });

  it.each([
    ['staff shell at desktop width', 'system-admin@demo.grove.test', DESKTOP],
    ['staff shell at phone width', 'account-manager@demo.grove.test', PHONE],
    ['customer shell at phone width', 'property-manager@demo.grove.test', PHONE],
  ])('has no serious accessibility violations: %s', async (_name, email, viewport) => {
    const page = await signedIn(email, viewport);
    await page.locator('main').waitFor();
    await waitForQuiet(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('has no serious accessibility violations on the login page', async () => {
    const { page } = await newPage(browser, PHONE);
    await page.goto('/login');
    await page.getByRole('button', { name: /sign in/i }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
