import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DESKTOP, PHONE, baseURL, launch, newPage, signIn } from './browser.js';

/*
 * Issue 13 end to end, live: a property manager starts a thread with a photo; the account manager,
 * already looking at the message center, sees it appear without reloading and answers; the property
 * manager sees the answer arrive; a resident sends kudos to the crew leader, whose bell shows it.
 * Each page carries a marker that a reload would wipe, and every wait is far shorter than the bell's
 * one-minute poll: what appears was pushed by the event stream.
 */
const PM = 'property-manager@demo.grove.test';
const MANAGER = 'account-manager@demo.grove.test';
const RESIDENT = 'resident@demo.grove.test';
const CREW_LEADER = 'crew-leader@demo.grove.test';
const LIVE_MS = 8_000;

async function customerIdOf(email: string): Promise<string> {
  const res = await fetch(`${baseURL()}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { user: { customerIds: string[] } };
  return body.user.customerIds[0]!;
}

/** Sets a value on the page's window that only survives as long as the page is not reloaded. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { groveNoReload?: boolean }).groveNoReload = true;
  });
}
const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { groveNoReload?: boolean }).groveNoReload === true);

describe('messages and kudos, live', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await launch();
    dir = mkdtempSync(join(tmpdir(), 'grove-live-e2e-'));
  });
  afterAll(async () => {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a thread with a photo appears in the message center without reload; the answer reaches the property manager live', async () => {
    const stamp = Date.now();
    const subject = `Broken sprinkler head ${stamp}`;
    const answer = `A technician comes Thursday morning ${stamp}`;
    // Whitlock Ridge HOA: the resident's one property, also the property manager's.
    const customerId = await customerIdOf(RESIDENT);
    const photo = join(dir, 'sprinkler.jpg');
    await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 60, g: 140, b: 90 } } })
      .jpeg()
      .toFile(photo);

    // The account manager opens the message center first and stays there.
    const { page: staff } = await newPage(browser, DESKTOP);
    await signIn(staff, MANAGER);
    await staff.waitForURL('**/customers');
    await staff.goto('/message-center');
    await expect.poll(() => staff.getByTestId('thread-list').count(), { timeout: 15_000 }).toBe(1);
    await markPage(staff);

    // The property manager writes, with a photo, on a phone.
    const { page: pm } = await newPage(browser, PHONE);
    await signIn(pm, PM);
    await pm.waitForURL('**/customerView/dashboard');
    await pm.goto(`/customerView/${customerId}/messages/new`);
    await pm.getByTestId('subject').fill(subject);
    await pm.getByTestId('message-text').fill('The head by the clubhouse gate is snapped off and sprays the sidewalk.');
    await pm.getByTestId('add-photos').click();
    await pm.getByTestId('upload-picker').first().setInputFiles(photo);
    await expect.poll(() => pm.getByText('Uploaded').count(), { timeout: 20_000 }).toBe(1);
    await pm.getByTestId('send-thread').click();
    await pm.waitForURL(/\/customerView\/[^/]+\/messages\/[^/]+\/view$/u, { timeout: 15_000 });
    await expect.poll(() => pm.getByTestId('message-attachments').count(), { timeout: 10_000 }).toBe(1);
    await markPage(pm);

    // It appears in the account manager's message center by itself.
    const row = staff.getByTestId('thread-row').filter({ hasText: subject });
    await expect.poll(() => row.count(), { timeout: LIVE_MS }).toBe(1);
    expect(await notReloaded(staff)).toBe(true);

    // The account manager answers.
    await row.getByRole('link').first().click();
    await staff.waitForURL('**/message-center/messages/*/view');
    await expect.poll(() => staff.getByTestId('message-attachments').count(), { timeout: 10_000 }).toBe(1);
    await staff.getByTestId('reply-text').fill(answer);
    await staff.getByTestId('send-reply').click();
    await expect.poll(() => staff.getByTestId('message').filter({ hasText: answer }).count(), { timeout: 10_000 }).toBe(1);

    // The property manager, still on the thread, sees the answer arrive.
    await expect.poll(() => pm.getByTestId('message').filter({ hasText: answer }).count(), { timeout: LIVE_MS }).toBe(1);
    expect(await notReloaded(pm)).toBe(true);
  });

  it('a resident sends kudos to the crew leader, whose notifications show it live', async () => {
    const stamp = Date.now();
    const thanks = `The new flower beds look wonderful ${stamp}`;
    const customerId = await customerIdOf(RESIDENT);

    const { page: crew } = await newPage(browser, DESKTOP);
    await signIn(crew, CREW_LEADER);
    await crew.waitForURL((url) => !url.pathname.startsWith('/login'));
    await expect.poll(() => crew.getByTestId('notifications-bell').count(), { timeout: 15_000 }).toBe(1);
    const label = () => crew.getByTestId('notifications-bell').getAttribute('aria-label');
    const before = await label();
    await markPage(crew);

    const { page: resident } = await newPage(browser, PHONE);
    await signIn(resident, RESIDENT);
    await resident.waitForURL('**/customerView/dashboard');
    await resident.goto(`/customerView/${customerId}/sendKudos`);
    await resident.getByTestId('recipient').filter({ hasText: 'Luis Ortega' }).click();
    await resident.getByTestId('category-quality').click();
    await resident.getByTestId('kudos-message').fill(thanks);
    await resident.getByTestId('send-kudos').click();
    await expect.poll(() => resident.getByTestId('kudos-sent').count(), { timeout: 10_000 }).toBe(1);

    // The crew leader's bell counts it without a reload, and the notification is there.
    await expect.poll(label, { timeout: LIVE_MS }).not.toBe(before);
    expect(await notReloaded(crew)).toBe(true);
    await crew.getByTestId('notifications-bell').click();
    await expect.poll(() => crew.getByTestId('notification-item').filter({ hasText: thanks.slice(0, 40) }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
  });
});
