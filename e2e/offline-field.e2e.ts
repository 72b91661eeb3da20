import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request, type Browser, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, DEMO_PASSWORD, baseURL, launch, newPage, signIn } from './browser.js';

/*
 * Issue 16 end to end for the two other field writes, in chromium's offline mode at 375 px with
 * the service worker on: a crew leader files an orange report with three photos through the
 * wizard with no network (the draft and the photos live on the device; the report shows as
 * pending in the crew's list), reopens the page offline, goes online: the report arrives once,
 * submitted, with its three photos. Then a plan visit ticked "done" offline arrives once.
 * Screenshots of the offline states (German, 375 px) are written when E2E_SCREENSHOTS is set.
 */
const CREW = 'crew-leader@demo.grove.test';
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const MANAGER = 'account-manager@demo.grove.test';

/** Another user's calls: their own request context (the page's cookies belong to the crew's session). */
async function signedInAs(email: string): Promise<{ call: <T>(method: 'GET' | 'POST', path: string, data?: unknown) => Promise<T>; dispose: () => Promise<void> }> {
  const context = await request.newContext({ baseURL: baseURL() });
  const res = await context.post('/api/token', { data: { username: email, password: DEMO_PASSWORD } });
  if (!res.ok()) throw new Error(`sign-in ${email}: ${res.status()}`);
  const { token } = (await res.json()) as { token: string };
  return {
    call: async <T,>(method: 'GET' | 'POST', path: string, data?: unknown) => {
      const answer = await context.fetch(path, { method, data, headers: { authorization: `Bearer ${token}` } });
      if (!answer.ok()) throw new Error(`${method} ${path}: ${answer.status()} ${await answer.text()}`);
      return (await answer.json()) as T;
    },
    dispose: () => context.dispose(),
  };
}

async function call<T>(page: Page, token: string, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(path, { method, data, headers: { authorization: `Bearer ${token}` } });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

async function photo(dir: string, name: string, color: { r: number; g: number; b: number }): Promise<string> {
  const path = join(dir, name);
  await sharp({ create: { width: 2600, height: 1800, channels: 3, background: color } })
    .jpeg({ quality: 90 })
    .toFile(path);
  return path;
}

const waiting = (page: Page) => page.getByTestId('offline-status').getAttribute('data-waiting');

async function crewOnPhone(browser: Browser, locale = 'en-US'): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, PHONE, { serviceWorkers: 'allow', locale });
  await signIn(page, CREW);
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
  return { context, page };
}

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: join(dir, `offline-${name}.png`), fullPage: true });
}

describe('offline field work: orange reports and plan visits', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await launch();
    dir = mkdtempSync(join(tmpdir(), 'grove-offline-field-'));
  });
  afterAll(async () => {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('files an orange report with three photos offline; after a reload and reconnect it arrives once', async () => {
    const title = `Sprinkler leak offline ${Date.now()}`;
    const photos = [await photo(dir, 'a.jpg', { r: 200, g: 60, b: 30 }), await photo(dir, 'b.jpg', { r: 30, g: 160, b: 60 }), await photo(dir, 'c.jpg', { r: 40, g: 80, b: 200 })];
    const { context, page } = await crewOnPhone(browser);
    // Online once: the wizard's customer list is kept by the worker.
    await page.goto('/create-orange-report');
    await page.getByRole('radio', { name: /Whitlock Ridge HOA/ }).waitFor();

    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('offline-status').getAttribute('data-online')).toBe('false');
    await page.getByRole('radio', { name: /Whitlock Ridge HOA/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    // The draft lives on this device: its id is in the address all the same.
    await page.waitForURL(/\/create-orange-report\?report=local-/);
    await expect.poll(() => page.getByTestId('orange-wizard-save-state').textContent()).toContain('Saved on this device');
    await page.getByLabel('Where exactly (in words)').fill('North lawn by the clubhouse');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Title').fill(title);
    await page.getByRole('radio', { name: 'Soon' }).check();
    await page.getByRole('radio', { name: 'Irrigation' }).check();
    await page.getByLabel('Findings').fill('Water bubbles up next to the valve box.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('local-photo-input').setInputFiles(photos);
    await expect.poll(() => page.getByTestId('orange-photo-captions').getByRole('img').count(), { timeout: 20_000 }).toBe(3);
    await page.getByLabel('Caption of photo 1').fill('Valve box');
    // The wizard saves a second after typing stops (here: on the device).
    await page.waitForTimeout(1_500);
    await expect.poll(() => page.getByTestId('orange-wizard-save-state').getAttribute('data-state')).toBe('saved');
    await shot(page, 'photos-en-375');

    // Reload in the middle, still offline: the draft and its photos are still there.
    await page.reload();
    await page.getByTestId('orange-wizard').waitFor();
    for (let step = 0; step < 2; step++) await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByTestId('orange-photo-captions').getByRole('img').count(), { timeout: 20_000 }).toBe(3);
    expect(await page.getByLabel('Caption of photo 1').inputValue()).toBe('Valve box');
    for (let step = 0; step < 2; step++) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('orange-review').waitFor();
    await page.getByRole('button', { name: 'Send for review' }).click();
    await page.getByTestId('orange-wizard-done').waitFor();
    expect(await page.getByTestId('orange-wizard-done').getAttribute('data-queued')).toBe('true');
    await expect.poll(() => waiting(page)).toBe('1');

    // The crew's list shows it as pending.
    await page.getByRole('button', { name: 'Start another report' }).click();
    const pending = page.getByTestId('orange-pending-report').filter({ hasText: title });
    await expect.poll(() => pending.count(), { timeout: 10_000 }).toBe(1);
    expect(await pending.textContent()).toContain('Pending');

    // Close and reopen the app with no network: the outbox (with three photos) survived.
    await page.close();
    const again = await context.newPage();
    await again.goto('/create-orange-report');
    await expect.poll(() => waiting(again), { timeout: 20_000 }).toBe('1');
    await expect.poll(() => again.getByTestId('orange-pending-report').filter({ hasText: title }).count()).toBe(1);
    const kept = await again.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('grove-offline');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(new Error(String(open.error)));
      });
      return new Promise<number>((resolve) => {
        const all = db.transaction('blobs').objectStore('blobs').count();
        all.onsuccess = () => resolve(all.result);
      });
    });
    expect(kept).toBe(3);

    await context.setOffline(false);
    await expect.poll(() => waiting(again), { timeout: 60_000 }).toBe('0');
    await expect.poll(() => again.getByTestId('orange-pending-report').filter({ hasText: title }).count()).toBe(0);
    const token = await again.evaluate(() => localStorage.getItem('id_token') ?? '');
    const found = await call<{ data: { id: string; status: string; photoCount: number; number: string }[] }>(again, token, 'GET', `/api/OrangeReports?mine=true&search=${encodeURIComponent(title)}`);
    expect(found.data).toHaveLength(1);
    expect(found.data[0]!.status).toBe('submitted');
    expect(found.data[0]!.photoCount).toBe(3);
    const detail = await call<{ locationText: string; allPhotos: { caption: string; width: number | null }[] }>(again, token, 'GET', `/api/OrangeReports/${found.data[0]!.id}`);
    expect(detail.locationText).toBe('North lawn by the clubhouse');
    expect(detail.allPhotos[0]!.caption).toBe('Valve box');
    // Downscaled on the device before it was queued (long edge 2048 px).
    expect(Math.max(...detail.allPhotos.map((p) => p.width ?? 0))).toBeLessThanOrEqual(2048);
    await context.close();
  });

  it('ticks a plan visit done offline; it arrives once when the network is back', async () => {
    const { context, page } = await crewOnPhone(browser);
    const manager = await signedInAs(MANAGER);
    const customers = await manager.call<{ data: { id: string; name: string }[] }>('GET', '/api/Customers?search=Whitlock&pageSize=5');
    const customerId = customers.data[0]!.id;
    const start = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
    const plan = await manager.call<{ id: string }>('POST', '/api/quarterlyPlans', {
      customerId,
      name: `Offline plan ${Date.now()}`,
      startDate: start,
      items: [{ service: 'Offline mowing', frequency: { kind: 'weekly', weekday: 'mon' } }],
    });
    await manager.call('POST', `/api/quarterlyPlans/${plan.id}/publish`, { changeNote: '' });
    await manager.dispose();
    const path = `/customers/${customerId}/plans/${plan.id}/view`;
    await page.goto(path);
    const firstRow = page.getByTestId('occurrence-row').first();
    await expect.poll(() => firstRow.getAttribute('data-status'), { timeout: 20_000 }).toBe('planned');

    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('offline-status').getAttribute('data-online')).toBe('false');
    await firstRow.getByRole('button', { name: /^Mark done:/ }).click();
    await expect.poll(() => waiting(page)).toBe('1');
    await expect.poll(() => page.getByTestId('pending-notice').textContent()).toContain('Saved on this device, will send when online: 1 change waiting');
    // Nothing pretends: the visit is still planned on the page until the server has it.
    expect(await firstRow.getAttribute('data-status')).toBe('planned');

    await page.close();
    const again = await context.newPage();
    await again.goto(path);
    await expect.poll(() => waiting(again), { timeout: 20_000 }).toBe('1');
    await context.setOffline(false);
    await expect.poll(() => waiting(again), { timeout: 60_000 }).toBe('0');
    await expect.poll(() => again.getByTestId('occurrence-row').first().getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
    const token = await again.evaluate(() => localStorage.getItem('id_token') ?? '');
    const detail = await call<{ occurrences: { status: string; updatedBy: { name: string } | null }[] }>(again, token, 'GET', `/api/quarterlyPlans/${plan.id}`);
    expect(detail.occurrences.filter((o) => o.status === 'done')).toHaveLength(1);
    await context.close();
  });

  it('shows the offline states in German at 375 px, and the outbox panel passes axe', async () => {
    const { context, page } = await crewOnPhone(browser, 'de-DE');
    await page.evaluate(() => localStorage.setItem('language', 'de'));
    await page.goto('/create-orange-report');
    await page.getByRole('radio', { name: /Whitlock Ridge HOA/ }).waitFor();
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('offline-status').getAttribute('data-online')).toBe('false');
    await page.getByRole('radio', { name: /Whitlock Ridge HOA/ }).check();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.waitForURL(/report=local-/);
    await expect.poll(() => page.getByTestId('orange-wizard-save-state').textContent()).toContain('Auf diesem Gerät gespeichert');
    await page.getByLabel('Wo genau (in Worten)').fill('Nordrasen am Clubhaus');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByLabel('Titel').fill(`Leck offline ${Date.now()}`);
    await page.getByRole('radio', { name: 'Bald' }).check();
    await page.getByRole('radio', { name: 'Bewässerung' }).check();
    await page.getByLabel('Befund').fill('Wasser tritt neben dem Ventilkasten aus.');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByTestId('local-photo-input').setInputFiles(await photo(dir, 'de.jpg', { r: 90, g: 90, b: 20 }));
    await expect.poll(() => page.getByTestId('orange-photo-captions').getByRole('img').count(), { timeout: 20_000 }).toBe(1);
    await shot(page, 'wizard-photos-de-375');
    for (let step = 0; step < 2; step++) await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('button', { name: 'Zur Prüfung senden' }).click();
    await page.getByTestId('orange-wizard-done').waitFor();
    await shot(page, 'wizard-done-de-375');
    await page.getByRole('button', { name: 'Weiteren Bericht beginnen' }).click();
    await page.getByTestId('orange-pending-report').first().waitFor();
    await shot(page, 'pending-list-de-375');

    // The outbox panel: what waits on the device, readable and without serious axe findings.
    await page.getByTestId('offline-status').click();
    const panel = page.getByRole('dialog');
    await panel.getByTestId('outbox-item').first().waitFor();
    // Axe measures contrast on what is painted: wait until the drawer has finished sliding and fading in.
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await shot(page, 'outbox-panel-de-375');
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(context: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
      return (await axe.run({ include: [['[role="dialog"]']] })).violations;
    });
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, targets: v.nodes.flatMap((n) => n.target) }))).toEqual([]);
    await context.close();
  });
});
