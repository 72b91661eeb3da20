import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { Page } from '@grove/shared';
import { installBrowserMocks, setupTestI18n, TestProviders } from './test-providers';
import { useListParams } from './useListParams';
import { usePageInRange } from './usePageInRange';

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

afterEach(cleanup);

type Answer = Pick<Page<unknown>, 'data' | 'total' | 'totalExact'>;

/** What the API answers for a list of `rows` rows (a page past the end carries the count). */
const counted = (rows: number) => (page: number, pageSize: number): Answer => ({
  data: Array.from({ length: Math.max(0, Math.min(pageSize, rows - (page - 1) * pageSize)) }, (_, i) => i),
  total: rows,
  totalExact: true,
});

function Probe({ answer, placeholder = false }: { answer: (page: number, pageSize: number) => Answer; placeholder?: boolean }) {
  const list = useListParams();
  usePageInRange(list, { data: answer(list.page, list.pageSize), isPlaceholderData: placeholder });
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(entries: string[], probe: React.ReactElement) {
  const router = createMemoryRouter([{ path: '/list', element: probe }, { path: '/other', element: <p>other</p> }], { initialEntries: entries });
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

const where = () => screen.getByTestId('where').textContent;

describe('usePageInRange', () => {
  it('moves a page past the end to the last page, replacing the URL so Back skips the empty page', async () => {
    const router = renderAt(['/other', '/list?page=5'], <Probe answer={counted(30)} />);
    expect(where()).toBe('/list?page=2');
    await act(() => router.navigate(-1));
    expect(screen.getByText('other')).toBeTruthy();
  });

  it('keeps the page when it has rows, and page 1 when the list is empty', () => {
    renderAt(['/list?page=2'], <Probe answer={counted(30)} />);
    expect(where()).toBe('/list?page=2');
    cleanup();
    renderAt(['/list'], <Probe answer={counted(0)} />);
    expect(where()).toBe('/list');
  });

  it('a list that does not count goes back to page 1; one that stopped counting at the cap steps back', () => {
    renderAt(['/list?page=4'], <Probe answer={() => ({ data: [], total: 0, totalExact: false })} />);
    expect(where()).toBe('/list');
    cleanup();
    renderAt(['/list?page=900'], <Probe answer={(page) => ({ data: page < 450 ? [1] : [], total: 10_000, totalExact: false })} />);
    expect(where()).toBe('/list?page=401');
  });

  it('does not move while the list still shows the previous page (placeholder data)', () => {
    renderAt(['/list?page=5'], <Probe answer={counted(30)} placeholder />);
    expect(where()).toBe('/list?page=5');
  });
});
