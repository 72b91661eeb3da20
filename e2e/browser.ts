import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { recordContexts } from './failure-artifacts.js';
import { watchContext } from './problem-guard.js';

export { expectProblem, waitForQuiet } from './problem-guard.js';

/** Debian's chromium; browser downloads are not possible here. */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const PHONE = { width: 375, height: 740 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Grove-Demo-2026';

export function baseURL(): string {
  return inject('baseURL');
}

/** Chromium whose every context records a trace, kept when a test fails (e2e/failure-artifacts.ts). */
export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return recordContexts(browser);
}

/**
 * A fresh context. The service worker is blocked unless asked for: it would precache the whole
 * app in every context of every test; offline.e2e.ts tests it (decision 019).
 */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
  options: { serviceWorkers?: 'allow' | 'block'; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport, locale: options.locale ?? 'en-US', serviceWorkers: options.serviceWorkers ?? 'block' });
  watchContext(context);
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the real login screen. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/email|username/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

/** Mail the portal sent to an address, newest last (read from the test SMTP server). */
export async function mailTo(address: string): Promise<{ raw: string }[]> {
  const res = await fetch(`${inject('mailURL')}/?to=${encodeURIComponent(address)}`);
  return (await res.json()) as { raw: string }[];
}
