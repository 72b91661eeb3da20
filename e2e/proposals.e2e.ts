import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DESKTOP, PHONE, baseURL, launch, newPage, signIn } from './browser.js';

/*
 * Issue 12 end to end, on the demo company: Whitlock Ridge HOA's rule says proposals over $500
 * need 2 board approvals. The account manager (Jordan Ellis) sends a $1,200 proposal; the property
 * manager (Karen Mitchell) signs it with her typed name; the two board members (Thomas Reed and
 * Linda Park) approve; everyone sees it accepted, and the signed PDF downloads.
 */
const MANAGER = 'account-manager@demo.grove.test';
const PROPERTY_MANAGER = 'property-manager@demo.grove.test';
const BOARD = ['board-member@demo.grove.test', 'linda.park@demo.grove.test'];

async function whitlockId(): Promise<string> {
  // The demo board member belongs to Whitlock Ridge only.
  const res = await fetch(`${baseURL()}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BOARD[0], password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { user: { customerIds: string[] } };
  return body.user.customerIds[0]!;
}

const statusOf = (page: Page) => page.getByTestId('proposal-status').textContent();

async function openProposal(page: Page, path: string, number: string): Promise<void> {
  await page.goto(path);
  const row = page.getByTestId(`proposal-row-${number}`);
  await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
  await row.click();
  await expect.poll(() => page.getByTestId('proposal-status').count(), { timeout: 15_000 }).toBe(1);
}

describe('proposals end to end', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a $1,200 proposal is sent, signed, approved by two board members and its signed PDF downloads', async () => {
    const customerId = await whitlockId();
    const title = `Drainage swale regrade ${Date.now()}`;

    // ── The account manager writes and sends it ──────────────────────────────────────────────────
    const { page: manager } = await newPage(browser, DESKTOP);
    await signIn(manager, MANAGER);
    await manager.waitForURL('**/customers');
    await manager.goto(`/customers/${customerId}/proposals`);
    await manager.getByTestId('new-proposal').click();
    await manager.waitForURL('**/proposals/new');
    await manager.getByTestId('proposal-title').fill(title);
    await manager.getByLabel('Scope of work').fill('Regrade the swale behind lots 12–18 and sod the banks.');
    await manager.getByTestId('line-0-description').fill('Swale regrade and sod, complete');
    await manager.getByTestId('line-0-quantity').fill('1');
    await manager.getByTestId('line-0-price').fill('1200');
    await expect.poll(() => manager.getByTestId('preview-total').first().textContent()).toBe('$1,200.00');
    await manager.getByTestId('save-send').click();
    await manager.waitForURL(/\/proposals\?open=/);
    await expect.poll(() => statusOf(manager), { timeout: 15_000 }).toBe('Sent');
    const number = (await manager.getByRole('dialog').getByText(/^PR-\d{4}-\d{4}/).first().textContent())!.match(/PR-\d{4}-\d{4,}/)![0];
    expect(await manager.getByTestId('proposal-total').textContent()).toBe('$1,200.00');

    // ── The property manager signs it on her phone ───────────────────────────────────────────────
    const { page: pm } = await newPage(browser, PHONE);
    await signIn(pm, PROPERTY_MANAGER);
    await pm.waitForURL('**/customerView/dashboard');
    await openProposal(pm, `/customerView/${customerId}/proposals`, number);
    expect(await statusOf(pm)).toBe('Viewed');
    await pm.getByTestId('sign-submit').click();
    // Name and consent are required.
    await expect.poll(() => pm.getByText('You must accept the terms and conditions.').count()).toBe(1);
    await pm.getByTestId('signer-name').fill('Karen Mitchell');
    await pm.getByTestId('sign-consent').check();
    await pm.getByTestId('sign-submit').click();
    await expect.poll(() => statusOf(pm), { timeout: 15_000 }).toBe('Awaiting board approval');
    expect(await pm.getByTestId('signature').textContent()).toContain('Karen Mitchell');

    // ── Two board members approve ────────────────────────────────────────────────────────────────
    for (const [index, email] of BOARD.entries()) {
      const { page: board, context } = await newPage(browser, DESKTOP);
      await signIn(board, email);
      await board.waitForURL('**/customerView/dashboard');
      await openProposal(board, `/customerView/${customerId}/proposals`, number);
      await board.getByTestId('vote-approve').click();
      await expect.poll(() => statusOf(board), { timeout: 15_000 }).toBe(index === 0 ? 'Awaiting board approval' : 'Accepted');
      await context.close();
    }

    // ── Everyone sees it accepted, with who voted how ────────────────────────────────────────────
    await pm.reload();
    await expect.poll(() => statusOf(pm), { timeout: 15_000 }).toBe('Accepted');
    expect(await pm.getByTestId('approval').textContent()).toContain('Approved');
    await manager.reload();
    await expect.poll(() => statusOf(manager), { timeout: 15_000 }).toBe('Accepted');
    const approval = (await manager.getByTestId('approval').textContent())!;
    expect(approval).toContain('Thomas Reed');
    expect(approval).toContain('Linda Park');

    // ── The signed PDF downloads ─────────────────────────────────────────────────────────────────
    const [download] = await Promise.all([pm.waitForEvent('download'), pm.getByTestId('download-pdf').click()]);
    expect(download.suggestedFilename()).toBe(`${number}-v1-signed.pdf`);
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(5_000);
  });
});
