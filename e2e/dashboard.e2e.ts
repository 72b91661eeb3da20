import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launch, newPage, signIn } from './browser.js';

/*
 * Issue 14 end to end: an executive opens the dashboard and follows the overdue tile to the
 * overdue list; a property manager's dashboard shows their property's open requests and weather.
 */
describe('dashboards end to end', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('an executive follows the overdue tile to the filtered list', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await signIn(page, 'executive@demo.grove.test');
      await page.waitForURL(/\/customers/);
      await page.goto('/dashboard');
      const tile = page.getByTestId('tile-service-requests.overdue');
      await tile.waitFor({ timeout: 30_000 });
      const count = Number((await tile.getByTestId('tile-value').textContent())?.replace(/\D/g, ''));
      expect(count).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId('tile-service-requests.weekly').getByRole('heading').textContent()).toMatch(/per week/);
      await tile.click();
      await page.waitForURL(/\/service-requests\?view=overdue/);
      await page.getByTestId('overdue-badge').first().waitFor({ timeout: 30_000 });
    } finally {
      await context.close();
    }
  });

  it('a property manager sees their property: open requests with progress and the weather', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await signIn(page, 'property-manager@demo.grove.test');
      await page.waitForURL(/\/customerView\/dashboard/);
      // "At a glance" lies below a phone's first screen and loads when scrolled to (decision 046).
      await page.getByTestId('chosen-property').scrollIntoViewIfNeeded();
      const open = page.getByTestId('tile-service-requests.property-open');
      await open.waitFor({ timeout: 30_000 });
      expect(await open.getByRole('progressbar').count()).toBeGreaterThan(0);
      const weather = page.getByTestId('weather-current');
      await weather.waitFor({ timeout: 30_000 });
      expect(await weather.textContent()).toMatch(/°F/);
      expect(await page.getByTestId('weather-alerts').textContent()).toMatch(/Frost/);
    } finally {
      await context.close();
    }
  });
});

describe('performance report end to end', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('an executive runs the report by branch, sorts it and exports it as XLSX', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await signIn(page, 'executive@demo.grove.test');
      await page.waitForURL(/\/customers/);
      await page.goto('/performanceReport?groupBy=branch&from=2026-01-01&to=2026-12-31');
      const table = page.getByTestId('report-table');
      await table.waitFor({ timeout: 30_000 });
      expect(await table.locator('tbody tr').count()).toBeGreaterThan(1);
      await table.getByRole('button', { name: /Requests received/ }).click();
      await expect.poll(() => table.locator('th[aria-sort="ascending"]').count()).toBe(1);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
      expect(download.suggestedFilename()).toBe('performance-branch-2026-01-01-2026-12-31.xlsx');
      const path = await download.path();
      const { readFileSync } = await import('node:fs');
      // An XLSX file is a ZIP archive.
      expect(readFileSync(path).subarray(0, 2).toString()).toBe('PK');
      // The PDF summary beside it.
      const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-pdf').click()]);
      expect(pdf.suggestedFilename()).toBe('performance-branch-2026-01-01-2026-12-31.pdf');
      expect(readFileSync(await pdf.path()).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await context.close();
    }
  });
});
