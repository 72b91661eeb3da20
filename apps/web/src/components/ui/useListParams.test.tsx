import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { installBrowserMocks, renderRoutes, setupTestI18n } from './test-providers';
import { useListParams, type ListParams } from './useListParams';

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

afterEach(cleanup);

let current: ListParams<'status'>;

function Probe() {
  current = useListParams({ defaultSort: 'name', filters: ['status'] as const });
  const location = useLocation();
  return <output data-testid="search">{location.search}</output>;
}

const search = () => screen.getByTestId('search').textContent;

describe('useListParams', () => {
  it('reads paging, sort, search and filters from the URL', () => {
    renderRoutes([{ path: '/list', element: <Probe /> }], '/list?page=3&pageSize=50&sort=-name&search=oak&status=active');
    expect(current.query).toEqual({ page: 3, pageSize: 50, sort: '-name', search: 'oak', status: 'active' });
    expect(current.hasFilters).toBe(true);
  });

  it('uses defaults, clamps the page size and ignores nonsense', () => {
    renderRoutes([{ path: '/list', element: <Probe /> }], '/list?page=-2&pageSize=5000');
    expect(current.query).toMatchObject({ page: 1, pageSize: 100, sort: 'name', search: undefined });
  });

  it('changing search or a filter goes back to page 1; back restores the previous list', async () => {
    const { router } = renderRoutes([{ path: '/list', element: <Probe /> }], '/list?page=4');
    act(() => current.setSearch('maple'));
    expect(search()).toBe('?search=maple');
    act(() => current.setPage(2));
    act(() => current.setFilter('status', 'inactive'));
    expect(new URLSearchParams(search() ?? '').get('page')).toBeNull();
    expect(current.filters.status).toBe('inactive');
    await act(() => router.navigate(-1));
    expect(current.page).toBe(2);
    expect(current.filters.status).toBeUndefined();
    act(() => current.clearFilters());
    expect(current.hasFilters).toBe(false);
  });
});
