import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simplePdf } from '../apps/api/src/lib/simple-pdf.js';
import { DEMO_PASSWORD, DESKTOP, PHONE, baseURL, expectProblem, launch, newPage, signIn } from './browser.js';

/*
 * Issue 12, documents: the property manager shares board minutes from the customer portal; the
 * account manager sees them, adds a staff-only contract, and the property manager never sees it.
 */
const PM = 'property-manager@demo.grove.test';
const MANAGER = 'account-manager@demo.grove.test';

async function customerIdOf(email: string): Promise<string> {
  const res = await fetch(`${baseURL()}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { user: { customerIds: string[] } };
  return body.user.customerIds[0]!;
}

describe('documents end to end', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await launch();
    dir = mkdtempSync(join(tmpdir(), 'grove-docs-e2e-'));
  });
  afterAll(async () => {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a property manager shares a document, staff see it, and staff-only documents stay hidden from the customer', async () => {
    const stamp = Date.now();
    const minutesTitle = `Board minutes ${stamp}`;
    const contractTitle = `Internal pricing ${stamp}`;
    const customerId = await customerIdOf(PM);
    const minutes = join(dir, 'minutes.pdf');
    writeFileSync(minutes, simplePdf(['Board minutes', 'All members present.']));
    const contract = join(dir, 'pricing.pdf');
    writeFileSync(contract, simplePdf(['Internal pricing', 'Not for the customer.']));

    // ── The property manager shares board minutes (on a phone) ──────────────────────────────────
    const { page: pm } = await newPage(browser, PHONE);
    await signIn(pm, PM);
    await pm.waitForURL('**/customerView/dashboard');
    await pm.goto(`/customerView/${customerId}/documents`);
    await pm.getByTestId('new-document').first().click();
    await pm.waitForURL('**/documents/new');
    await pm.getByTestId('upload-picker').setInputFiles(minutes);
    await expect.poll(() => pm.getByText('Uploaded').count(), { timeout: 20_000 }).toBe(1);
    await pm.getByLabel('Title').fill(minutesTitle);
    await pm.getByTestId('document-category').click();
    await pm.getByRole('option', { name: 'Board minutes' }).click();
    await pm.getByTestId('save-document').click();
    await pm.waitForURL(/\/customerView\/[^/]+\/documents\?document=/);
    await expect.poll(() => pm.getByTestId('document-detail').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => pm.getByTestId('document-versions').getByText('minutes.pdf').count()).toBe(1);

    // ── The account manager sees it and adds a staff-only document ───────────────────────────────
    const { page: staff } = await newPage(browser, DESKTOP);
    await signIn(staff, MANAGER);
    await staff.waitForURL('**/customers');
    await staff.goto(`/customers/${customerId}/documents`);
    await expect.poll(() => staff.getByTestId('document-row').filter({ hasText: minutesTitle }).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => staff.getByTestId('document-row').filter({ hasText: minutesTitle }).getByText('Shared with customer').count()).toBe(1);
    // It opens with the PDF shown in the page.
    await staff.getByTestId('document-row').filter({ hasText: minutesTitle }).getByTestId('document-title').click();
    await expect.poll(() => staff.getByTestId('preview-pdf').count(), { timeout: 10_000 }).toBe(1);
    await staff.keyboard.press('Escape');

    await staff.getByTestId('new-document').first().click();
    await staff.waitForURL('**/documents/new');
    await staff.getByTestId('upload-picker').setInputFiles(contract);
    await expect.poll(() => staff.getByText('Uploaded').count(), { timeout: 20_000 }).toBe(1);
    await staff.getByLabel('Title').fill(contractTitle);
    await staff.getByTestId('document-category').click();
    await staff.getByRole('option', { name: 'Contract' }).click();
    await staff.getByTestId('visibility-staff').check();
    await staff.getByTestId('save-document').click();
    await staff.waitForURL(/\/customers\/[^/]+\/documents\?document=/);
    await staff.goto(`/customers/${customerId}/documents`);
    await expect.poll(() => staff.getByTestId('document-row').filter({ hasText: contractTitle }).getByText('Staff only').count(), { timeout: 10_000 }).toBe(1);
    const hiddenId = await staff.evaluate(async (title) => {
      const token = localStorage.getItem('id_token');
      const res = await fetch(`/api/Documents?search=${encodeURIComponent(title)}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { data: { id: string; file: { id: string } }[] };
      return { id: body.data[0]!.id, fileId: body.data[0]!.file.id };
    }, contractTitle);

    // ── The property manager: the staff-only document is nowhere, not even by id ─────────────────
    expectProblem(/\/api\/(Documents|Files)\/[^ ]+ → 404$/);
    await pm.goto(`/customerView/${customerId}/documents`);
    await expect.poll(() => pm.getByTestId('document-row').filter({ hasText: minutesTitle }).count(), { timeout: 10_000 }).toBe(1);
    expect(await pm.getByTestId('document-row').filter({ hasText: contractTitle }).count()).toBe(0);
    const statuses = await pm.evaluate(async ({ id, fileId }) => {
      const token = localStorage.getItem('id_token');
      const headers = { authorization: `Bearer ${token}` };
      return [(await fetch(`/api/Documents/${id}`, { headers })).status, (await fetch(`/api/Files/${fileId}/content`, { headers })).status];
    }, hiddenId);
    expect(statuses).toEqual([404, 404]);
    await pm.goto(`/customerView/${customerId}/documents?document=${hiddenId.id}`);
    await expect.poll(() => pm.getByText('This document does not exist or you do not have access to it.').count(), { timeout: 10_000 }).toBe(1);
  });
});
