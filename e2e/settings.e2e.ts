import { createRequire } from 'node:module';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, PHONE, expectProblem, launch, newPage, signIn } from './browser.js';

/*
 * Issue 14 §Settings end to end: a staff member turns on two-factor sign-in by scanning (here:
 * reading) the secret, signs out, and signs in again with a code computed from that secret.
 * The account is one no other e2e file signs in with; the test turns 2FA off again at the end.
 */
const EMAIL = 'executive-team@demo.grove.test';
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** Set SCREENSHOT_DIR to keep screenshots of the screens (German, 1280 and 375 px) for a look. */
const SHOTS = process.env.SCREENSHOT_DIR;

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** The app's code `offsetSteps` periods from now, as the phone would show it. */
const codeAt = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

describe('settings: two-factor sign-in end to end', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('enrols an authenticator app, signs out, signs in with a code, then turns it off', async () => {
    // One wrong code at enrolment and one at sign-in, on purpose.
    expectProblem(/POST \/api\/Users\/me\/two-factor\/confirm → 400$/);
    expectProblem(/POST \/api\/token\/two-factor → 400$/);
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    try {
      await signIn(page, EMAIL);
      await page.waitForURL(/\/customers/);
      await page.goto('/settings');
      await page.getByTestId('profile-form').waitFor({ timeout: 30_000 });
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'settings-profile-1280');

      await page.getByRole('tab', { name: 'Sign-in and security' }).click();
      await page.getByTestId('sessions-table').waitFor({ timeout: 30_000 });
      expect(await page.locator('[data-testid="session-row"][data-current]').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'settings-security-1280');

      await page.getByRole('button', { name: 'Set up authenticator app' }).click();
      const secretBox = page.getByTestId('totp-secret');
      await secretBox.waitFor();
      const secret = (await secretBox.getAttribute('data-secret'))!;
      // What a person would type from the screen: the grouped key, spaces removed.
      expect((await secretBox.textContent())!.replace(/\s/g, '')).toBe(secret);
      await shot(page, 'settings-enrol-1280');
      await page.getByLabel('2. Enter the six-digit code the app shows').fill('000000');
      await page.getByRole('button', { name: 'Confirm and turn on' }).click();
      await page.getByText('This code is not valid. Check your authenticator app and try again.').waitFor();
      await page.getByLabel('2. Enter the six-digit code the app shows').fill(await codeAt(secret));
      await page.getByRole('button', { name: 'Confirm and turn on' }).click();
      const codes = page.getByTestId('recovery-codes');
      await codes.waitFor();
      expect(await codes.locator('li').count()).toBe(10);
      await page.getByRole('button', { name: 'I have saved my codes' }).click();
      await page.getByTestId('two-factor-card').getByText('On', { exact: true }).waitFor();

      // Sign out through the user menu, then in again: the password alone is not enough.
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.waitForURL(/\/login/);
      await signIn(page, EMAIL);
      const step = page.getByTestId('two-factor-step');
      await step.waitFor({ timeout: 30_000 });
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByLabel('Authentication code').fill('123456');
      await page.getByRole('button', { name: 'Verify and sign in' }).click();
      await page.getByTestId('two-factor-error').waitFor();
      // The enrolment code is spent; the app's next code signs in.
      await page.getByLabel('Authentication code').fill(await codeAt(secret, 1));
      await page.getByRole('button', { name: 'Verify and sign in' }).click();
      await page.waitForURL(/\/customers/);

      // Leave the account as it was: turning it off needs the current password.
      await page.goto('/settings?tab=security');
      await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
      await page.getByRole('dialog').getByLabel('Current password').fill(DEMO_PASSWORD);
      await page.getByRole('dialog').getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
      await page.getByTestId('two-factor-card').getByText('Off', { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('German screens at 375 px (screenshots when SCREENSHOT_DIR is set)', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await signIn(page, EMAIL);
      await page.waitForURL(/\/customers/);
      await page.evaluate(() => localStorage.setItem('language', 'de'));
      await page.goto('/settings');
      await page.getByTestId('profile-form').waitFor({ timeout: 30_000 });
      expect(await page.getByRole('tab', { name: 'Mein Profil' }).count()).toBe(1);
      await shot(page, 'settings-profile-375-de');
      await page.goto('/settings?tab=security');
      await page.getByTestId('sessions-table').waitFor({ timeout: 30_000 });
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'settings-security-375-de');
      if (SHOTS) {
        await page.setViewportSize({ width: 1280, height: 900 });
        await shot(page, 'settings-security-1280-de');
        await page.getByRole('button', { name: 'Authenticator-App einrichten' }).click();
        await page.getByTestId('totp-secret').waitFor();
        await shot(page, 'settings-enrol-1280-de');
        await page.setViewportSize(PHONE);
        await shot(page, 'settings-enrol-375-de');
      }
    } finally {
      await context.close();
    }
  });
});
