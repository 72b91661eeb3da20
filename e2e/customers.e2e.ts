import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, launch, mailTo, newPage, signIn } from './browser.js';

/** The emailed link that sets a password (quoted-printable and HTML escapes undone). */
async function invitationLink(address: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mails = await mailTo(address);
        const raw = mails.at(-1)?.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=') ?? '';
        link = /https?:\/\/[^\s"<>]+\/resetPassword\?[^\s"<>]+/.exec(raw)?.[0]?.replace(/&amp;/g, '&') ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}

/** Picks an option of a Mantine select (inside `scope`) by the select's label. */
async function choose(page: Page, scope: Locator, label: RegExp, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Issue 4 end to end: create a customer, draw a zone, invite a portal user who then signs in. */
describe('customers, map and portal access', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('creates a customer, draws a zone, invites a property manager who sees the property (phone width)', async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    const name = `Magnolia Court HOA ${stamp}`;
    const invitee = `pm-${stamp.toLowerCase()}@example.test`;

    // ── A System Admin creates the customer from the list ──────────────────────────────────────
    const { page: admin } = await newPage(browser);
    await signIn(admin, 'system-admin@demo.grove.test');
    await admin.waitForURL('**/customers');
    await admin.getByTestId('new-customer').click();
    const drawer = admin.getByTestId('customer-form');
    await drawer.locator('[name="name"]').fill(name);
    await drawer.locator('[name="accountNumber"]').fill(`E2E-${stamp}`);
    await drawer.locator('[name="addressLine1"]').fill('200 Magnolia Ct');
    await drawer.locator('[name="city"]').fill('Marietta');
    await drawer.locator('[name="state"]').fill('GA');
    await drawer.locator('[name="postalCode"]').fill('30060');
    await drawer.locator('[name="latitude"]').fill('33.9526');
    await drawer.locator('[name="longitude"]').fill('-84.5499');
    await choose(admin, drawer, /^Region/, 'Georgia');
    await choose(admin, drawer, /^Branch/, 'Marietta');
    await drawer.getByRole('button', { name: 'Create customer' }).click();
    await admin.waitForURL(/\/customers\/[0-9a-f-]{36}$/);
    const customerPath = new URL(admin.url()).pathname;
    await expect.poll(() => admin.getByRole('heading', { name, level: 2 }).isVisible()).toBe(true);

    // ── …draws a zone on the map: click the corners, finish, name it, save ───────────────────────
    await admin.getByRole('link', { name: 'Edit map' }).click();
    await admin.waitForURL(`**${customerPath}/update-map`);
    await admin.getByTestId('add-zone').click();
    const canvas = admin.getByTestId('map-canvas');
    const box = (await canvas.boundingBox())!;
    for (const [x, y] of [
      [0.35, 0.3],
      [0.65, 0.3],
      [0.68, 0.7],
      [0.38, 0.72],
    ] as const) {
      await admin.mouse.click(box.x + box.width * x, box.y + box.height * y);
    }
    await expect.poll(() => admin.getByTestId('draw-status').textContent()).toContain('4 points');
    await admin.getByTestId('finish-shape').click();
    await admin.getByTestId('zone-name').fill('Front lawn');
    await admin.getByTestId('save-zone').click();
    const row = admin.getByTestId('zone-row').filter({ hasText: 'Front lawn' });
    await expect.poll(() => canvas.locator('path.leaflet-interactive').count()).toBe(1);
    await expect.poll(() => row.isVisible()).toBe(true);
    // The area comes from the server, in square feet and square metres.
    expect(await row.getByTestId('zone-area').textContent()).toMatch(/^[\d,]+ sq ft · [\d,]+ m²$/);

    // ── …and invites a Property Manager ──────────────────────────────────────────────────────────
    await admin.goto(`${customerPath}/manage-portal-access`);
    await admin.getByTestId('new-portal-user').click();
    const form = admin.getByTestId('new-portal-user-form');
    await form.locator('[name="email"]').fill(invitee);
    await form.locator('[name="firstName"]').fill('Mona');
    await form.locator('[name="lastName"]').fill('Reyes');
    await form.getByRole('checkbox', { name: /^Property Manager/ }).check();
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await admin.waitForURL(`**${customerPath}/manage-portal-access`);
    const invited = admin.getByTestId('portal-user-row').filter({ hasText: invitee });
    await expect.poll(() => invited.getByTestId('portal-status').textContent()).toBe('Invited');

    // ── The invitee opens the emailed link on a phone, sets a password and signs in ──────────────
    const link = await invitationLink(invitee);
    const { page: phone } = await newPage(browser, PHONE);
    // No map tiles for this phone (offline, or the tile host blocked): the shapes must still show.
    const origin = new URL(link).origin;
    await phone.context().route((url) => url.origin !== origin, (route) => route.abort());
    await phone.goto(link);
    const password = 'Magnolia courtyard 58 hedges';
    await phone.getByLabel(/^new password/i).fill(password);
    await phone.getByLabel(/^confirm/i).fill(password);
    await phone.getByRole('button', { name: /save/i }).click();
    await phone.waitForURL('**/login**');
    await signIn(phone, invitee, password);
    await phone.waitForURL('**/customerView/dashboard');
    // One property: no chooser; the card leads to the property page, named after it.
    const card = phone.getByTestId('property-card');
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.innerText()).toContain(name);
    expect(await phone.getByTestId('report-problem').getAttribute('href')).toMatch(/\/customerView\/[0-9a-f-]{36}\/requests\/new$/);
    await card.getByRole('link', { name: 'Open property' }).click();
    await phone.waitForURL(/\/customerView\/[0-9a-f-]{36}$/);
    await expect.poll(() => phone.getByRole('heading', { name, level: 1 }).isVisible()).toBe(true);
    // The same map as staff see, read-only, with the zone.
    await expect.poll(() => phone.getByTestId('zone-legend').textContent()).toContain('Front lawn');
    const map = phone.getByTestId('property-map');
    await expect.poll(() => map.getAttribute('data-tiles')).toBe('offline');
    expect(await map.getByTestId('map-offline').isVisible()).toBe(true);
    expect(await map.locator('path.leaflet-interactive').count()).toBe(1);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);

    // The staff list now shows the invitee as active.
    await admin.reload();
    await expect.poll(() => admin.getByTestId('portal-user-row').filter({ hasText: invitee }).getByTestId('portal-status').textContent()).toBe('Active');

    await admin.context().close();
    await phone.context().close();
  });
});
