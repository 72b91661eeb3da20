import { count, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { LIST_COUNT_CAP, type Page } from '@grove/shared';
import type { Db } from '../db/client.js';

/*
 * OFFSET paging for lists (pages are small and lists human-sized): every list endpoint takes
 * `page` (from 1) and `pageSize` from the shared page query and answers a `Page<T>`.
 * Lists that grow with the company's work count at most LIST_COUNT_CAP + 1 rows (decisions 029
 * and 037): past the cap the answer says `totalExact: false` ("more than N").
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

/**
 * How many rows a list's filter matches, reading at most LIST_COUNT_CAP + 1 of them: `rows` is the
 * list's `select 1 from … where …` (with only the joins its filter needs), as a dynamic query.
 */
export async function cappedCount(db: Pick<Db, 'select'>, rows: PgSelect): Promise<number> {
  const [row] = await db.select({ n: count() }).from(rows.limit(LIST_COUNT_CAP + 1).as('capped'));
  return row?.n ?? 0;
}

/**
 * `cappedCount` as a scalar subquery, for a page statement that carries its own total (decisions
 * 043, 047): uncorrelated, so PostgreSQL runs it once per statement, and only when a row needs it.
 */
export function cappedTotal(rows: PgSelect): SQL<number> {
  return sql<number>`(select count(*)::int from (${rows.limit(LIST_COUNT_CAP + 1)}) capped)`;
}

/**
 * The total a page answers (decision 037), from what is cheap to know: a page read with one row of
 * look-ahead (`pageSize + 1`) that has no row after it is the last page, so the total is exact
 * without counting (`offset + rows`, when the page was asked for by number); otherwise the capped
 * count (`counted`, at most LIST_COUNT_CAP + 1), or, for a list that does not count (searches),
 * "more than" the rows up to this page. Never below the rows up to this page: past the cap the
 * floor grows with the page, so the next page is always reachable.
 */
export function pageTotal(query: PageQuery & { cursor?: string }, rows: number, hasMore: boolean, counted?: number): Pick<Page<unknown>, 'total' | 'totalExact'> {
  const upToHere = query.cursor ? rows : pageOffset(query) + rows;
  if (pastTheEnd(query, rows)) {
    // An empty page after page 1 (an old link; rows closed since): the rows before it are fewer than
    // its offset, so only a count says how many there are (the web moves to the last page).
    if (counted === undefined) return { total: 0, totalExact: false };
    return counted <= LIST_COUNT_CAP ? { total: counted, totalExact: true } : { total: LIST_COUNT_CAP, totalExact: false };
  }
  if (!hasMore && !query.cursor) return { total: upToHere, totalExact: true };
  if (counted === undefined) return { total: upToHere, totalExact: false };
  if (counted <= LIST_COUNT_CAP && counted >= upToHere) return { total: counted, totalExact: true };
  return { total: Math.max(LIST_COUNT_CAP, upToHere), totalExact: false };
}

/** A page asked for by number that has no rows although it is not the first. */
export function pastTheEnd(query: PageQuery & { cursor?: string }, rows: number): boolean {
  return !query.cursor && rows === 0 && query.page > 1;
}
