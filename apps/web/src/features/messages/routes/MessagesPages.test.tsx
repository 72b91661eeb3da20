import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MessageThreadDetail, MessageThreadSummary } from '@grove/shared';
import { installBrowserMocks, setupTestI18n, testUser } from '../../../components/ui/test-providers';
import { resetSessionForTests, signIn } from '../../../app/session-store';
import { fakeToken, installFakeFetch, type FakeRequest } from '../../../app/test-support/fake-fetch';
import { renderApp } from '../../../app/test-support/render-app';

const CUSTOMER = '11111111-1111-4111-8111-111111111111';
const THREAD = '22222222-2222-4222-8222-222222222222';
const ME = '33333333-3333-4333-8333-333333333333';

const summary = (overrides: Partial<MessageThreadSummary> = {}): MessageThreadSummary => ({
  id: THREAD,
  customerId: CUSTOMER,
  customerName: 'Whitlock Ridge HOA',
  subject: 'Irrigation leak by the clubhouse',
  lastMessage: { authorName: 'Karen Mitchell', excerpt: 'Water is pooling by the gate.', internal: false, at: new Date().toISOString() },
  messageCount: 2,
  hasAttachments: false,
  unread: true,
  awaitingReplySince: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  overdue: true,
  link: null,
  createdAt: new Date().toISOString(),
  ...overrides,
});

const detail = (overrides: Partial<MessageThreadDetail> = {}): MessageThreadDetail => ({
  id: THREAD,
  customerId: CUSTOMER,
  customerName: 'Whitlock Ridge HOA',
  subject: 'Irrigation leak by the clubhouse',
  createdBy: { id: ME, name: 'Karen Mitchell', isStaff: false },
  participants: [
    { id: '44444444-4444-4444-8444-444444444444', name: 'Jordan Ellis', isStaff: true, role: 'Account Manager' },
    { id: ME, name: 'Karen Mitchell', isStaff: false, role: 'Property Manager' },
  ],
  messages: [
    { id: '55555555-5555-4555-8555-555555555555', author: { id: ME, name: 'Karen Mitchell', isStaff: false }, text: 'Water is pooling by the gate.', internal: false, attachments: [], createdAt: new Date(Date.now() - 3_600_000).toISOString() },
  ],
  awaitingReplySince: null,
  overdue: false,
  link: null,
  lastReadAt: null,
  allowedActions: ['reply', 'addParticipants'],
  createdAt: new Date().toISOString(),
  ...overrides,
});

const calls = (all: FakeRequest[], path: string) => all.filter((call) => call.url.pathname === path);

beforeAll(async () => {
  installBrowserMocks();
  // The answer box grows with its text (Mantine autosize listens to font loading).
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

describe('message center', () => {
  it('lists conversations with the customer, the wait and the filters in the URL', async () => {
    signIn({ token: fakeToken(), user: testUser({ roles: ['Account Manager'] }) });
    const all = installFakeFetch(({ url }) => (url.pathname === '/api/Messages' ? { body: { data: [summary()], total: 1, page: 1, pageSize: 25 } } : undefined));
    const { router } = renderApp('/message-center');
    const row = await screen.findByTestId('thread-row');
    expect(within(row).getByText('Whitlock Ridge HOA')).toBeTruthy();
    expect(within(row).getByTestId('waiting-badge').textContent).toMatch(/Waiting 3 days/);
    fireEvent.click(screen.getByTestId('filter-unanswered'));
    await waitFor(() => expect(router.state.location.search).toBe('?filter=unanswered'));
    await waitFor(() => expect(Object.fromEntries(calls(all, '/api/Messages').at(-1)!.url.searchParams)).toMatchObject({ filter: 'unanswered' }));
  });
});

describe('customer view conversation', () => {
  it('shows the messages, marks the thread read and offers no internal note', async () => {
    signIn({ token: fakeToken(), user: testUser({ id: ME, roles: ['Property Manager'], customerIds: [CUSTOMER] }) });
    const all = installFakeFetch(({ url, method }) => {
      if (url.pathname === `/api/Messages/${THREAD}` && method === 'GET') return { body: detail() };
      if (url.pathname === `/api/Messages/${THREAD}/read`) return { body: { readAt: new Date().toISOString() } };
      return undefined;
    });
    renderApp(`/customerView/${CUSTOMER}/messages/${THREAD}/view`);
    expect(await screen.findByText('Water is pooling by the gate.')).toBeTruthy();
    await waitFor(() => expect(calls(all, `/api/Messages/${THREAD}/read`)).toHaveLength(1));
    expect(screen.getByTestId('composer')).toBeTruthy();
    expect(screen.queryByTestId('internal-toggle')).toBeNull();
  });

  it('keeps Residents out of customer messages', async () => {
    signIn({ token: fakeToken(), user: testUser({ roles: ['Resident'], customerIds: [CUSTOMER] }) });
    installFakeFetch(() => undefined);
    const { router } = renderApp(`/customerView/${CUSTOMER}/messages`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/customerView/dashboard'));
  });
});
