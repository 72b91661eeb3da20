import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { DashboardTile } from '@grove/shared';
import { installBrowserMocks, setupTestI18n, TestProviders } from '../ui/test-providers';
import { DashboardTiles } from './DashboardTiles';

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const item = (id: string, at: string, subtitle = 'Willow Creek HOA') => ({ id, title: `Visit ${id}`, subtitle, link: null, at, progress: null, badge: 'Planned' });

function visitsTile(items: DashboardTile['items']): DashboardTile {
  return {
    id: 'plans.visits',
    module: 'plans',
    kind: 'list',
    icon: 'plan',
    title: 'Plan visits due this week',
    status: 'ok',
    value: items.length,
    format: 'count',
    tone: 'neutral',
    detail: null,
    amount: null,
    link: null,
    empty: null,
    items,
    chart: null,
  };
}

function show(tiles: DashboardTile[]) {
  const router = createMemoryRouter([{ path: '/', element: <DashboardTiles tiles={tiles} /> }]);
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

describe('dashboard list tiles', () => {
  it('show a visit’s calendar day as a day ("today", "Thursday", "Dec 1"), an instant as a relative time', () => {
    // Tuesday 24 November 2026, 20:00 on the reader's clock; only Date is faked.
    vi.useFakeTimers({ now: new Date(2026, 10, 24, 20, 0), toFake: ['Date'] });
    show([
      visitsTile([item('a', '2026-11-24'), item('b', '2026-11-26'), item('c', '2026-12-01'), item('d', new Date(2026, 10, 24, 17, 0).toISOString(), 'Filed')]),
    ]);
    expect(screen.getByText('Willow Creek HOA · today')).toBeTruthy();
    expect(screen.getByText('Willow Creek HOA · Thursday')).toBeTruthy();
    expect(screen.getByText('Willow Creek HOA · Dec 1')).toBeTruthy();
    expect(screen.getByText('Filed · 3 hours ago')).toBeTruthy();
    expect(screen.queryByText(/in \d+ hours/)).toBeNull();
  });
});

describe('dashboard chart tiles', () => {
  it('load the charting code only with a chart: a skeleton of the tile’s height first, then the chart and its table', async () => {
    show([
      {
        ...visitsTile([]),
        id: 'requests.weekly',
        kind: 'chart',
        title: 'Requests per week',
        chart: { kind: 'bar', labels: ['2026-11-16', '2026-11-23'], labelFormat: 'week', series: [{ key: 'opened', label: 'Opened', color: 'teal.6', values: [4, 7] }] },
      },
    ]);
    // Decision 046: the chart tile is a chunk of its own (recharts), so a dashboard without charts never loads it.
    expect(screen.getByTestId('chart-tile-loading').getAttribute('style')).toContain('21.4375rem'); // 343 px
    const table = await screen.findByTestId('chart-table');
    expect(table.textContent).toContain('Opened');
    expect(table.textContent).toContain('7');
    expect(screen.queryByTestId('chart-tile-loading')).toBeNull();
  });
});
