import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signIn } from './browser.js';

/*
 * Issue 17 §10: the staff-wide service-request list (the widest: it has the customer column) fits a
 * 1280 px and a 1366 px screen with the aside open, in English and in German (the longest words), with
 * the Due column and its OVERDUE badges in view, no sideways scroll.
 */
describe('lists fit the screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  async function overflow(page: Page): Promise<{ scroll: number; client: number; dueRight: number; cardRight: number }> {
    await page.getByTestId('request-row').first().waitFor({ timeout: 30_000 });
    return page.evaluate(() => {
      const table = document.querySelector('[data-testid="request-table"]')!;
      const scroller = table.parentElement!.parentElement!;
      const header = [...table.querySelectorAll('thead th')].at(-1)!;
      return {
        scroll: scroller.scrollWidth,
        client: scroller.clientWidth,
        dueRight: header.getBoundingClientRect().right,
        cardRight: scroller.getBoundingClientRect().right,
      };
    });
  }

  for (const [width, email, language] of [
    [1280, 'executive@demo.grove.test', 'en'],
    [1366, 'executive@demo.grove.test', 'en'],
    [1280, 'executive@demo.grove.test', 'de'],
  ] as const) {
    it(`the staff request list fits ${width} px in ${language}`, async () => {
      const { context, page } = await newPage(browser, { width, height: 900 });
      try {
        await signIn(page, email);
        await page.waitForURL(/\/customers/);
        // This browser's language only (signing in with it would change the demo user's profile).
        await page.evaluate((lang) => localStorage.setItem('language', lang), language);
        await page.goto('/service-requests?view=overdue');
        if (language === 'de') await page.getByRole('heading', { level: 1, name: 'Serviceanfragen' }).waitFor({ timeout: 30_000 });
        const sizes = await overflow(page);
        expect(sizes.scroll, JSON.stringify(sizes)).toBeLessThanOrEqual(sizes.client + 1);
        expect(sizes.dueRight).toBeLessThanOrEqual(sizes.cardRight + 1);
        await page.getByTestId('overdue-badge').first().waitFor();
      } finally {
        await context.close();
      }
    });
  }
});
