import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, newPage, signIn } from './browser.js';

/* Issue 13: kudos show on the staff customer page — who thanked whom, newest first. */
describe('kudos on the customer page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('an account manager sees the property’s kudos on its page', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await signIn(page, 'executive@demo.grove.test');
      await page.waitForURL(/\/customers/);
      // A demo customer with kudos, and the newest one's message, as the API gives them.
      const newest = await page.evaluate(async () => {
        const headers = { authorization: `Bearer ${localStorage.getItem('id_token')}` };
        const list = (await (await fetch('/api/Kudos?page=1&pageSize=1', { headers })).json()) as { data: { customerId: string; message: string }[] };
        return list.data[0]!;
      });
      await page.goto(`/customers/${newest.customerId}`);
      const panel = page.getByTestId('customer-kudos');
      await panel.getByTestId('kudos-item').first().waitFor({ timeout: 30_000 });
      expect(await panel.getByTestId('kudos-item').count()).toBeLessThanOrEqual(3);
      expect(await panel.getByTestId('kudos-item').first().textContent()).toContain(newest.message.slice(0, 40));
    } finally {
      await context.close();
    }
  });
});
