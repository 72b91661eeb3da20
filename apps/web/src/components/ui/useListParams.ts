import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@grove/shared';

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;

export interface ListParamsOptions<F extends string> {
  /** Sort used when the URL names none (omitted from the URL). */
  defaultSort?: string;
  defaultPageSize?: number;
  /** Filter names kept in the URL next to page, pageSize, sort and search. */
  filters?: readonly F[];
}

export interface ListParams<F extends string> {
  page: number;
  pageSize: number;
  sort: string | undefined;
  search: string;
  filters: Record<F, string | undefined>;
  /** Everything above as the list endpoint's query (`GET {list}?page=&pageSize=&sort=&search=…`). */
  query: Record<string, string | number | undefined>;
  hasFilters: boolean;
  /** `replace` corrects the URL without a history entry (a page past the end: Back must not return to it). */
  setPage: (page: number, options?: { replace?: boolean }) => void;
  setPageSize: (pageSize: number) => void;
  setSort: (sort: string | undefined) => void;
  setSearch: (search: string) => void;
  setFilter: (name: F, value: string | null | undefined) => void;
  clearFilters: () => void;
}

function positiveInt(raw: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = raw === null ? NaN : Number(raw);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, max) : fallback;
}

/**
 * Paging, sorting, search and filters of a list page kept in the URL, so back/forward and shared
 * links show the same list. Changing anything but the page goes back to page 1.
 */
export function useListParams<F extends string = never>(options: ListParamsOptions<F> = {}): ListParams<F> {
  const [params, setParams] = useSearchParams();
  const defaultPageSize = options.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const filterNames = useMemo(() => options.filters ?? [], [options.filters]);

  const update = useCallback(
    (changes: Record<string, string | null | undefined>, keepPage = false, replace = false) => {
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (!keepPage) next.delete('page');
        return next;
      }, { replace });
    },
    [setParams],
  );

  const page = positiveInt(params.get('page'), 1);
  const pageSize = positiveInt(params.get('pageSize'), defaultPageSize, MAX_PAGE_SIZE);
  const sort = params.get('sort') ?? options.defaultSort;
  const search = params.get('search') ?? '';
  const filters = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? undefined])) as Record<
    F,
    string | undefined
  >;
  const hasFilters = search !== '' || filterNames.some((name) => params.has(name));

  return {
    page,
    pageSize,
    sort,
    search,
    filters,
    hasFilters,
    query: { page, pageSize, sort, search: search || undefined, ...filters },
    setPage: (value, { replace = false } = {}) => update({ page: value > 1 ? String(value) : null }, true, replace),
    setPageSize: (value) => update({ pageSize: value === defaultPageSize ? null : String(value) }),
    setSort: (value) => update({ sort: value === options.defaultSort ? null : value }),
    setSearch: (value) => update({ search: value.trim() || null }),
    setFilter: (name, value) => update({ [name]: value }),
    clearFilters: () => update(Object.fromEntries(['search', ...filterNames].map((name) => [name, null]))),
  };
}
