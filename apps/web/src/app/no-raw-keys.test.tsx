import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { hasCustomerRole, type CustomerDetail, type CustomerSummary, type CustomerViewDetail, type Language } from '@grove/shared';
import { installBrowserMocks, setupTestI18n, testUser } from '../components/ui/test-providers';
import { changeLanguage } from './i18n';
import { getSessionState, resetSessionForTests, signIn } from './session-store';
import { fakeToken, installFakeFetch } from './test-support/fake-fetch';
import { renderApp } from './test-support/render-app';

/** A raw i18n key on screen looks like `routes.customers` or `errors:api.network`. */
const RAW_KEY = /^[a-z]+([.:][a-zA-Z]+)+$/;

const summary: CustomerSummary = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Whitlock Ridge HOA',
  accountNumber: 'MAR-1001',
  type: 'hoa',
  status: 'active',
  addressLine1: '1450 Whitlock Ridge Dr',
  city: 'Marietta',
  state: 'GA',
  postalCode: '30064',
  regionId: '22222222-2222-4222-8222-222222222222',
  regionName: 'Georgia',
  branchId: '33333333-3333-4333-8333-333333333333',
  branchName: 'Marietta',
  accountManagerId: null,
  accountManagerName: null,
  openRequestCount: 2,
};
const detail: CustomerDetail = {
  ...summary,
  view: 'staff',
  photoFileId: null,
  permissions: { edit: 'all', editSettings: true, editMap: true, managePortal: true, manageTeam: true },
  addressLine2: null,
  latitude: null,
  longitude: null,
  contractStart: '2025-06-01',
  contractEnd: null,
  serviceDays: ['mon'],
  propertySizeAcres: 27.8,
  notes: null,
  branchTimeZone: 'America/New_York',
  team: [
    { userId: '44444444-4444-4444-8444-444444444444', name: 'Jordan Ellis', teamRole: 'Account Manager', email: 'j@example.test', phone: '+1 404 555 0100', title: null, photoFileId: null },
  ],
};

const propertyView: CustomerViewDetail = {
  view: 'customer',
  id: summary.id,
  name: summary.name,
  accountNumber: summary.accountNumber,
  type: summary.type,
  status: summary.status,
  addressLine1: summary.addressLine1,
  addressLine2: null,
  city: summary.city,
  state: summary.state,
  postalCode: summary.postalCode,
  latitude: null,
  longitude: null,
  branchName: summary.branchName,
  branchTimeZone: 'America/New_York',
  accountManagerName: 'Jordan Ellis',
  serviceDays: [],
  propertySizeAcres: null,
  photoFileId: null,
  openRequestCount: 1,
  team: detail.team,
  myRoles: ['Property Manager'],
  permissions: { managePortal: false },
};

const overview = {
  areas: [{ area: 'requests', total: 4, open: 1, latest: [] }],
  zoneCount: 0,
};

function visibleTexts(): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (text) texts.push(text);
  }
  for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
    for (const name of ['aria-label', 'placeholder', 'title']) {
      const value = element.getAttribute(name);
      if (value) texts.push(value);
    }
  }
  return [...texts, document.title];
}

const PUBLIC_PAGES: [string, string][] = [
  ['/login', 'heading'],
  ['/forgotPassword', 'heading'],
  ['/resetPassword?email=a@example.test&code=123', 'heading'],
  ['/resetPassword', 'heading'],
  ['/resident-user-validation', 'heading'],
  ['/404', 'error-screen'],
  ...[1, 2, 3, 4, 5, 6].map((n): [string, string] => [`/error/error-${n}`, 'error-screen']),
];

const STAFF_PAGES: [string, string][] = [
  ['/customers', 'customer-table'],
  [`/customers/${summary.id}`, 'customer-overview'],
  [`/customers/${summary.id}/plans/new`, 'heading'],
  ['/dashboard', 'heading'],
  ['/orange-reports/pending', 'orange-pending-queue'],
];

const CUSTOMER_PAGES: [string, string][] = [
  ['/customerView/dashboard', 'customer-cards'],
  [`/customerView/${summary.id}`, 'customer-overview'],
  [`/customerView/${summary.id}/sendKudos`, 'heading'],
];

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
  installFakeFetch(({ url }) => {
    if (url.pathname === '/api/Customers') return { body: { data: [summary], total: 1, page: 1, pageSize: 25 } };
    if (url.pathname === `/api/Customers/${summary.id}`) return { body: hasCustomerRole(getSessionState().roles) ? propertyView : detail };
    if (url.pathname === `/api/Customers/${summary.id}/overview`) return { body: overview };
    return undefined;
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  resetSessionForTests();
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

async function expectNoRawKeys(path: string, marker: string) {
  renderApp(path);
  if (marker === 'heading') await screen.findAllByRole('heading', { level: 1 });
  else await screen.findByTestId(marker);
  await waitFor(() => expect(document.title).not.toBe(''));
  const raw = visibleTexts().filter((text) => RAW_KEY.test(text));
  expect(raw, `raw keys on ${path}`).toEqual([]);
}

describe.each<Language>(['en', 'de', 'ja'])('no raw i18n keys on screen (%s)', (language) => {
  beforeAll(async () => {
    await changeLanguage(language);
  });

  it.each(PUBLIC_PAGES)('public page %s', async (path, marker) => {
    await expectNoRawKeys(path, marker);
  });

  it.each(STAFF_PAGES)('staff page %s', async (path, marker) => {
    signIn({ token: fakeToken(), user: testUser({ roles: ['System Admin'], language }) });
    await expectNoRawKeys(path, marker);
  });

  it.each(CUSTOMER_PAGES)('customer page %s', async (path, marker) => {
    signIn({ token: fakeToken(), user: testUser({ roles: ['Property Manager'], language, customerIds: [summary.id] }) });
    await expectNoRawKeys(path, marker);
  });
});

describe('raw key detector', () => {
  it('recognises a key and lets real text through', () => {
    expect(RAW_KEY.test('routes.customers')).toBe(true);
    expect(RAW_KEY.test('errors:api.network')).toBe(true);
    expect(RAW_KEY.test('Customers')).toBe(false);
    expect(RAW_KEY.test('Please enter at least 8 characters.')).toBe(false);
  });
});
