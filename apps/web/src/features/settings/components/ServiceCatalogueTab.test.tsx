import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { OrangeReportService, StaffRole } from '@grove/shared';
import { resetSessionForTests, signIn } from '../../../app/session-store';
import { fakeToken, installFakeFetch } from '../../../app/test-support/fake-fetch';
import { renderApp } from '../../../app/test-support/render-app';
import { installBrowserMocks, setupTestI18n, testUser } from '../../../components/ui/test-providers';
import { centsOf } from './CatalogueServiceForm';

const VALVE = '00000000-0000-4000-8000-0000000000d1';
const MULCH = '00000000-0000-4000-8000-0000000000d2';
const stamp = '2026-01-01T00:00:00.000Z';
const names = (en: string, de: string | null = null) => ({ en, zh: null, es: null, ja: null, de, fr: null });

const valve: OrangeReportService = {
  id: VALVE,
  names: names('Irrigation valve repair', 'Reparatur Bewässerungsventil'),
  description: 'Repair or replace a zone valve',
  category: 'irrigation',
  unit: 'each',
  unitPriceCents: 18500,
  sortOrder: 10,
  retired: false,
  retiredAt: null,
  inUse: true,
  createdAt: stamp,
  updatedAt: stamp,
};
const mulch: OrangeReportService = { ...valve, id: MULCH, names: names('Rubber mulch'), category: 'mulch_soil', unit: 'sq_ft', unitPriceCents: null, retired: true, retiredAt: stamp, inUse: false };

function api() {
  return installFakeFetch(({ method, url, body }) => {
    if (url.pathname === '/api/OrangeReportServices' && method === 'GET') return { body: { data: [valve, mulch] } };
    if (url.pathname === '/api/OrangeReportServices' && method === 'POST') {
      const input = body as { names: { en: string } };
      if (input.names.en === 'Irrigation valve repair') return { status: 400, body: { message: 'Not valid', errors: { 'names.en': ['A service with this name already exists.'] } } };
      return { status: 201, body: { ...valve, id: crypto.randomUUID(), names: names(input.names.en) } };
    }
    if (url.pathname === `/api/OrangeReportServices/${VALVE}` && method === 'DELETE') {
      return { status: 409, body: { message: 'This service is used and cannot be deleted. Retire it instead.' } };
    }
    if (url.pathname === '/api/Regions' || url.pathname === '/api/Branches') return { body: { data: [] } };
    return undefined;
  });
}

function signInWith(roles: StaffRole[]) {
  signIn({ token: fakeToken(), user: testUser({ roles }) });
}

async function openCatalogue() {
  renderApp('/settings?tab=regions');
  fireEvent.click(await screen.findByRole('tab', { name: 'Service catalogue' }));
  return screen.findByTestId('catalogue-table');
}

beforeAll(async () => {
  installBrowserMocks();
  // jsdom has no `document.fonts`, which Mantine's autosize textarea listens to.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() } });
  }
  await setupTestI18n();
});
beforeEach(() => {
  localStorage.clear();
  resetSessionForTests();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('service catalogue settings', () => {
  it('lists active services with category and price per unit; retired ones behind the filter', async () => {
    signInWith(['Crew Leader']);
    api();
    const table = await openCatalogue();
    expect(within(table).getByText('Irrigation valve repair')).toBeTruthy();
    expect(within(table).getByText('$185.00 / each')).toBeTruthy();
    expect(within(table).getByText('Irrigation')).toBeTruthy();
    expect(within(table).queryByText('Rubber mulch')).toBeNull();
    expect(within(table).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Add service' })).toBeNull();

    fireEvent.click(screen.getByText('Retired'));
    expect(await within(table).findByText('Rubber mulch')).toBeTruthy();
    expect(within(table).getByText('Priced per job')).toBeTruthy();
  });

  it('searches translated names too, and says when nothing matches', async () => {
    signInWith(['System Admin']);
    api();
    const table = await openCatalogue();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search services' }), { target: { value: 'bewässerung' } });
    expect(within(table).getByText('Irrigation valve repair')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search services' }), { target: { value: 'helicopter' } });
    expect(await screen.findByText('No matching services')).toBeTruthy();
  });

  it('lets a System Admin add a service and shows the server’s field errors', async () => {
    signInWith(['System Admin']);
    const calls = api();
    await openCatalogue();
    fireEvent.click(screen.getByRole('button', { name: 'Add service' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('This field is required.')).toHaveLength(3);
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/OrangeReportServices')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Name \(English\)/), { target: { value: 'Irrigation valve repair' } });
    fireEvent.click(within(dialog).getAllByLabelText(/^Category/)[0]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Drainage' }));
    fireEvent.click(within(dialog).getAllByLabelText(/^Unit\s*\*?$/)[0]!);
    fireEvent.click(await screen.findByRole('option', { name: 'linear ft' }));
    fireEvent.change(within(dialog).getByLabelText(/Unit price/), { target: { value: '$38.00' } });
    fireEvent.change(within(dialog).getByLabelText(/Name \(Deutsch\)/), { target: { value: 'Sickerdrainage' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A service with this name already exists.')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/OrangeReportServices')!;
    expect(post.body).toMatchObject({ names: { en: 'Irrigation valve repair', de: 'Sickerdrainage', fr: null }, category: 'drainage', unit: 'linear_ft', unitPriceCents: 3800 });
  });

  it('explains that a service in use cannot be deleted', async () => {
    signInWith(['System Admin']);
    api();
    const table = await openCatalogue();
    fireEvent.click(within(table).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('service-in-use')).textContent).toContain('Irrigation valve repair is used by reports, plans or proposals');
  });

  it('turns typed dollars into whole cents', () => {
    expect(centsOf('')).toBeNull();
    expect(centsOf(0.1 + 0.2)).toBe(30);
    expect(centsOf(185)).toBe(18500);
    expect(centsOf('12.345')).toBe(1235);
  });
});
