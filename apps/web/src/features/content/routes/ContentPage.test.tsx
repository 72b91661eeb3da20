import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { contentItemSchema, type ContentAudienceOptions, type ContentItem } from '@grove/shared';
import { installBrowserMocks, setupTestI18n, testUser } from '../../../components/ui/test-providers';
import { resetSessionForTests, signIn } from '../../../app/session-store';
import { fakeToken, installFakeFetch } from '../../../app/test-support/fake-fetch';
import { renderApp } from '../../../app/test-support/render-app';
import { sample } from '../../../app/test-support/sample';

const item = (n: number, overrides: Partial<ContentItem>): ContentItem =>
  sample(contentItemSchema, {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Item ${n}`,
    kind: 'announcement',
    category: 'general',
    status: 'published',
    state: 'live',
    image: null,
    author: null,
    audience: { type: 'all', regionId: null, regionName: null, branchId: null, branchName: null, customers: [], roles: [] },
    ...overrides,
  });

function api(options: ContentAudienceOptions, items: ContentItem[]) {
  return installFakeFetch(({ url }) => {
    if (url.pathname === '/api/Content/audience-options') return { body: options };
    if (url.pathname === '/api/Content') return { body: { data: items, total: items.length, page: 1, pageSize: 10 } };
    return undefined;
  });
}

beforeAll(async () => {
  installBrowserMocks();
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

describe('/content (decision 041)', () => {
  it('tells a crew leader they read only: no new item, no actions, no reach', async () => {
    signIn({ token: fakeToken(), user: testUser({ roles: ['Crew Leader'] }) });
    api({ mayAuthor: false, types: [], regions: [], branches: [] }, [item(1, { canManage: false, reach: null })]);
    renderApp('/content');
    expect((await screen.findByTestId('content-read-only')).textContent).toContain('You can read, not write, announcements here');
    const card = await screen.findByTestId('content-card');
    expect(within(card).getByTestId('content-view-only').textContent).toBe('View only');
    expect(within(card).queryByTestId('content-actions')).toBeNull();
    expect(within(card).queryByTestId('content-reach')).toBeNull();
    expect(screen.queryByTestId('content-new')).toBeNull();
  });

  it('gives an author actions on the items they manage and marks the others view only', async () => {
    signIn({ token: fakeToken(), user: testUser({ roles: ['Branch Manager'] }) });
    api({ mayAuthor: true, types: ['branch', 'customers'], regions: [], branches: [] }, [
      item(1, { title: 'Mine', canManage: true, reach: { opened: 2, audience: 5 } }),
      item(2, { title: 'Regional', canManage: false, reach: null }),
    ]);
    renderApp('/content');
    expect(await screen.findByTestId('content-new')).toBeTruthy();
    expect(screen.queryByTestId('content-read-only')).toBeNull();
    const [mine, regional] = await screen.findAllByTestId('content-card');
    expect(within(mine!).getByTestId('content-actions')).toBeTruthy();
    expect(within(mine!).getByTestId('content-reach').textContent).toContain('Opened by 2 of 5 users');
    expect(within(regional!).queryByTestId('content-actions')).toBeNull();
    expect(within(regional!).getByTestId('content-view-only')).toBeTruthy();
  });
});
