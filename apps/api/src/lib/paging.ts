import type { Page } from '@grove/shared';

/*
 * OFFSET paging for lists (pages are small and lists human-sized): every list endpoint takes
 * `page` (from 1) and `pageSize` from the shared page query and answers a `Page<T>`.
 */

export interface PageQuery {
  page: number;
  pageSize: number;
}

/** Rows to skip before the requested page. */
export function pageOffset(query: PageQuery): number {
  return (query.page - 1) * query.pageSize;
}

/** The answer of a list endpoint: this page's rows, the total over all pages, and the page asked for. */
export function toPage<T>(data: T[], total: number | undefined, query: PageQuery): Page<T> {
  return { data, total: total ?? 0, page: query.page, pageSize: query.pageSize };
}
