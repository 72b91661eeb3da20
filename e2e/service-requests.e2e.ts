import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DESKTOP, PHONE, baseURL, launch, mailTo, newPage, signIn } from './browser.js';

/*
 * Issue 5 end to end: a resident on a phone files a request with a photo; the account manager of
 * that customer (Whitlock Ridge HOA: Jordan Ellis, account-manager@) finds it under "Unassigned",
 * assigns, schedules and completes it with an "after" photo; the resident follows every step, gets
 * the notification (bell) and the email, and confirms it closed.
 */
const RESIDENT = 'resident@demo.grove.test';
const MANAGER = 'account-manager@demo.grove.test';

/** Mail bodies are quoted-printable and headers folded: undo both to search the text. */
function readable(raw: string): string {
  return raw
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function photo(dir: string, name: string, color: { r: number; g: number; b: number }): Promise<string> {
  const path = join(dir, name);
  await sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .jpeg()
    .toFile(path);
  return path;
}

async function customerIdOf(email: string): Promise<string> {
  const res = await fetch(`${baseURL()}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { user: { customerIds: string[] } };
  return body.user.customerIds[0]!;
}

const statusOf = (page: Page) => page.getByTestId('status-progress-current').textContent();

describe('service requests end to end', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await launch();
    dir = mkdtempSync(join(tmpdir(), 'grove-sr-e2e-'));
  });
  afterAll(async () => {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('goes from a resident’s phone to a closed request with before and after photos', async () => {
    const title = `Sprinkler spraying the mailboxes ${Date.now()}`;
    const customerId = await customerIdOf(RESIDENT);
    const before = await photo(dir, 'before.jpg', { r: 30, g: 120, b: 200 });
    const after = await photo(dir, 'after.jpg', { r: 40, g: 170, b: 70 });

    // ── The resident files it on a phone, with a camera photo ──────────────────────────────────
    const { page: resident } = await newPage(browser, PHONE);
    await signIn(resident, RESIDENT);
    await resident.waitForURL('**/customerView/dashboard');
    await resident.goto(`/customerView/${customerId}/requests`);
    await resident.getByTestId('new-request').click();
    await resident.waitForURL('**/requests/new');
    await resident.getByRole('radio', { name: 'Irrigation' }).check();
    await resident.getByLabel('Title').fill(title);
    await resident.getByLabel('Description').fill('Water sprays over the mailboxes every morning.');
    await resident.getByLabel('Where?').fill('Mailbox kiosk at the north entrance');
    await resident.getByTestId('upload-camera').setInputFiles(before);
    await expect.poll(() => resident.getByText('Uploaded').count(), { timeout: 20_000 }).toBe(1);
    await resident.getByRole('button', { name: 'Send request' }).click();
    await resident.waitForURL(/\/customerView\/[^/]+\/requests\/[^/]+\/update$/);
    const requestPath = new URL(resident.url()).pathname;
    const number = (await resident.getByTestId('request-number').textContent())!.trim();
    expect(number).toMatch(/^SR-\d{4}-\d{4,}$/);
    expect(await statusOf(resident)).toBe('New');
    await expect.poll(() => resident.getByRole('button', { name: /Open photo before/ }).count()).toBe(1);

    // ── The account manager finds it among the unassigned ones ─────────────────────────────────
    const { page: manager } = await newPage(browser, DESKTOP);
    await signIn(manager, MANAGER);
    await manager.waitForURL('**/customers');
    await manager.goto('/service-requests');
    await manager.getByTestId('request-views').getByText('Unassigned').click();
    await manager.waitForURL('**/service-requests?view=unassigned');
    const row = manager.getByTestId('request-row').filter({ hasText: title });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.textContent()).toContain(number);
    await row.getByRole('link', { name: title }).click();
    await manager.waitForURL('**/service-requests/*/update');

    // Assign to himself.
    await manager.getByRole('button', { name: 'Assign', exact: true }).click();
    const assignDialog = manager.getByRole('dialog', { name: 'Assign request' });
    await assignDialog.getByRole('button', { name: 'Assign to me' }).click();
    await assignDialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect.poll(() => assignDialog.count()).toBe(0);
    await expect.poll(() => manager.getByText('Jordan Ellis assigned the request to Jordan Ellis').count()).toBe(1);

    // The resident sees who takes care of it.
    await resident.reload();
    await expect.poll(() => resident.getByText('assigned the request to Jordan Ellis').count()).toBe(1);

    // Schedule it for tomorrow.
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    await manager.getByRole('button', { name: 'Schedule', exact: true }).click();
    const scheduleDialog = manager.getByRole('dialog', { name: 'Schedule the work' });
    await scheduleDialog.getByLabel('Date').fill(day);
    await scheduleDialog.getByLabel(/Note for the customer/).fill('Our irrigation tech comes in the morning.');
    await scheduleDialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect.poll(() => statusOf(manager)).toBe('Scheduled');

    // The resident sees it scheduled, gets the notification in the bell and by email.
    await resident.reload();
    await expect.poll(() => statusOf(resident)).toBe('Scheduled');
    await expect.poll(() => resident.getByText('Our irrigation tech comes in the morning.').count()).toBe(1);
    const bell = resident.getByTestId('notifications-bell');
    await expect.poll(async () => (await bell.getAttribute('aria-label')) ?? '', { timeout: 15_000 }).toMatch(/unread/);
    await bell.click();
    const item = resident.getByTestId('notification-item').filter({ hasText: number }).first();
    await expect.poll(() => item.textContent(), { timeout: 15_000 }).toContain('scheduled');
    expect(await item.getAttribute('data-unread')).toBe('true');
    let scheduledMail = '';
    await expect
      .poll(
        async () => {
          scheduledMail = (await mailTo(RESIDENT)).map((m) => readable(m.raw)).find((m) => m.includes(number) && /scheduled/i.test(m)) ?? '';
          return scheduledMail;
        },
        { timeout: 20_000 },
      )
      .not.toBe('');
    expect(scheduledMail).toContain(requestPath);
    // Opening the notification leads back to the request and marks it read.
    await item.click();
    await resident.waitForURL(`**${requestPath}`);

    // Complete it with an "after" photo.
    await manager.getByRole('button', { name: 'Complete', exact: true }).click();
    const completeDialog = manager.getByRole('dialog', { name: 'Complete the request' });
    await completeDialog.getByLabel(/What was done/).fill('Adjusted the spray arc of head 14.');
    await completeDialog.getByTestId('upload-picker').setInputFiles(after);
    await expect.poll(() => completeDialog.getByText('Uploaded').count(), { timeout: 20_000 }).toBe(1);
    await completeDialog.getByRole('button', { name: 'Complete', exact: true }).click();
    await expect.poll(() => statusOf(manager)).toBe('Completed');

    // The resident sees the finished work next to the first photo, by mail too, and confirms it closed.
    await resident.reload();
    await expect.poll(() => statusOf(resident)).toBe('Completed');
    await expect.poll(() => resident.getByText('After photos').count()).toBe(1);
    await expect.poll(() => resident.getByRole('button', { name: /Open photo after/ }).count()).toBe(1);
    await expect.poll(() => resident.getByRole('button', { name: /Open photo before/ }).count()).toBe(1);
    await expect
      .poll(async () => (await mailTo(RESIDENT)).some((m) => readable(m.raw).includes(`${number}: Completed`)), { timeout: 20_000 })
      .toBe(true);
    await resident.getByRole('button', { name: 'Confirm closed' }).click();
    const closeDialog = resident.getByRole('dialog', { name: 'Confirm the work is done' });
    await closeDialog.getByRole('button', { name: 'Confirm closed' }).click();
    await expect.poll(() => statusOf(resident)).toBe('Closed');
    await expect.poll(() => resident.getByRole('button', { name: 'Confirm closed' }).count()).toBe(0);

    // The manager's view agrees.
    await manager.reload();
    await expect.poll(() => statusOf(manager)).toBe('Closed');
    await resident.context().close();
    await manager.context().close();
  });
});
