import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simplePdf } from '../apps/api/src/lib/simple-pdf.js';
import { DESKTOP, PHONE, expectProblem, launch, newPage, signIn } from './browser.js';

/*
 * Issue 12, file library: an administrator builds nested folders, uploads several files at once,
 * finds one by name, renames and moves things, limits a folder to some staff roles (a crew leader
 * then cannot see it, not even by its address) and deletes a folder with its contents after a
 * confirmation that lists what goes.
 */
const ADMIN = 'system-admin@demo.grove.test';
const CREW = 'crew-leader@demo.grove.test';

describe('file library end to end', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await launch();
    dir = mkdtempSync(join(tmpdir(), 'grove-library-e2e-'));
  });
  afterAll(async () => {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('folders, uploads, search, rename, move, role limits and delete', async () => {
    const stamp = Date.now();
    const safety = `Safety ${stamp}`;
    const sheets = `Data sheets ${stamp}`;
    const first = join(dir, `mulch-${stamp}.pdf`);
    const second = join(dir, `fertiliser-${stamp}.pdf`);
    writeFileSync(first, simplePdf(['Mulch safety data sheet']));
    writeFileSync(second, simplePdf(['Fertiliser safety data sheet']));

    const { page } = await newPage(browser, DESKTOP);
    await signIn(page, ADMIN);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/file-library');

    // A top-level folder and a subfolder, through the real forms.
    await page.getByTestId('new-folder').first().click();
    await page.getByTestId('name-input').fill(safety);
    await page.getByTestId('name-save').click();
    await page.getByTestId('folder-link').filter({ hasText: safety }).click();
    await page.waitForURL(/\/file-library\/[0-9a-f-]{36}$/);
    const safetyUrl = page.url();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: safety }).count(), { timeout: 10_000 }).toBe(1);
    await page.getByTestId('new-folder').first().click();
    await page.getByTestId('name-input').fill(sheets);
    await page.getByTestId('name-save').click();
    await page.getByTestId('folder-link').filter({ hasText: sheets }).click();
    await expect.poll(() => page.getByTestId('folder-path').getByRole('link', { name: safety }).count(), { timeout: 10_000 }).toBe(1);

    // Two files at once, each with its own progress, both land in the folder.
    await page.getByTestId('upload-files').click();
    await page.getByTestId('upload-picker').setInputFiles([first, second]);
    await expect.poll(() => page.getByText('Uploaded').count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => page.getByTestId('file-row').count(), { timeout: 10_000 }).toBe(2);

    // Rename one file.
    await page.getByTestId('file-row').filter({ hasText: `fertiliser-${stamp}.pdf` }).getByTestId('file-menu').click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByTestId('name-input').fill(`Fertiliser SDS ${stamp}.pdf`);
    await page.getByTestId('name-save').click();
    await expect.poll(() => page.getByTestId('file-row').filter({ hasText: `Fertiliser SDS ${stamp}.pdf` }).count(), { timeout: 10_000 }).toBe(1);

    // Search by name across the library.
    await page.getByLabel('Search the library by name').fill(`mulch-${stamp}`);
    await expect.poll(() => page.getByTestId('search-results').getByTestId('file-row').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('search-results').getByText(`in ${sheets}`).count()).toBe(1);
    await page.getByLabel('Search the library by name').fill('');

    // Move the subfolder to the top level with the folder picker, then back under Safety.
    await page.getByTestId('folder-actions').click();
    await page.getByRole('menuitem', { name: 'Move' }).click();
    await page.getByTestId('move-target').click();
    await page.getByRole('option', { name: 'Top level of the library' }).click();
    await page.getByTestId('move-save').click();
    await expect.poll(() => page.getByTestId('folder-path').getByRole('link', { name: safety }).count(), { timeout: 10_000 }).toBe(0);
    await page.getByTestId('folder-actions').click();
    await page.getByRole('menuitem', { name: 'Move' }).click();
    await page.getByTestId('move-target').click();
    await page.getByRole('option', { name: safety, exact: true }).click();
    await page.getByTestId('move-save').click();
    await expect.poll(() => page.getByTestId('folder-path').getByRole('link', { name: safety }).count(), { timeout: 10_000 }).toBe(1);

    // Only executives and administrators may see Safety.
    await page.goto(safetyUrl);
    await page.getByTestId('folder-actions').click();
    await page.getByRole('menuitem', { name: 'Who can see it' }).click();
    await page.getByTestId('role-picker').getByLabel('Executive', { exact: true }).check();
    await page.getByTestId('role-picker').getByLabel('System Admin', { exact: true }).check();
    await page.getByTestId('roles-save').click();
    await expect.poll(() => page.getByTestId('folder-restricted').count(), { timeout: 10_000 }).toBe(1);

    // A crew leader (on a phone) sees neither the folder nor, by address, its page.
    const { page: crew } = await newPage(browser, PHONE);
    await signIn(crew, CREW);
    await crew.waitForURL((url) => !url.pathname.startsWith('/login'));
    await crew.goto('/file-library');
    await expect.poll(() => crew.getByTestId('new-folder').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await crew.getByTestId('folder-link').filter({ hasText: safety }).count()).toBe(0);
    // Its address answers 404 (the folder and its files), as for any record out of reach.
    expectProblem(/\/api\/folders\/[^ ]+ → 404$/);
    await crew.goto(new URL(safetyUrl).pathname);
    await expect.poll(() => crew.getByText('This folder does not exist or you do not have access to it.').count(), { timeout: 10_000 }).toBe(1);

    // Deleting Safety names what goes with it, then it is gone.
    await page.getByTestId('folder-actions').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect.poll(() => page.getByTestId('delete-contents').getByText(`the folder “${sheets}” with 2 items in it`).count()).toBe(1);
    await page.getByRole('button', { name: 'Delete everything' }).click();
    await page.waitForURL((url) => url.pathname === '/file-library');
    await expect.poll(() => page.getByTestId('folder-link').filter({ hasText: safety }).count(), { timeout: 10_000 }).toBe(0);
  });
});
