import { useEffect, useEffectEvent } from 'react';
import type { Page } from '@grove/shared';
import type { ListParams } from './useListParams';

/**
 * Moves a list to its last page when the page in the URL has no rows but earlier pages do: a link
 * kept from before rows were closed or deleted, or the last row of the last page handled. Without
 * it the list would say "nothing here" while pages 1…n are full. The URL is replaced, not pushed, so
 * Back does not return to the empty page.
 */
export function usePageInRange(
  list: Pick<ListParams<string>, 'page' | 'pageSize' | 'setPage'>,
  /** The list's query: while it shows the previous page's answer (`keepPreviousData`) nothing moves. */
  query: { data: Pick<Page<unknown>, 'data' | 'total' | 'totalExact'> | undefined; isPlaceholderData: boolean },
): void {
  const { page, pageSize, setPage } = list;
  const answer = query.isPlaceholderData ? undefined : query.data;
  const pastEnd = answer !== undefined && answer.data.length === 0 && page > 1;
  // The API answers the real total for a page past the end (decision 037's look-ahead cannot).
  const pages = answer ? Math.max(1, Math.ceil(answer.total / pageSize) + (answer.totalExact === false ? 1 : 0)) : 1;
  const target = Math.min(pages, page - 1);
  // setPage is a new function on every render; only the page and the answer decide.
  const moveTo = useEffectEvent((to: number) => setPage(to, { replace: true }));
  useEffect(() => {
    if (pastEnd) moveTo(target);
  }, [pastEnd, target]);
}
