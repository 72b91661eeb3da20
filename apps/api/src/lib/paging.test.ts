import { describe, expect, it } from 'vitest';
import { LIST_COUNT_CAP } from '@grove/shared';
import { pageTotal } from './paging.js';

// Decision 037: what a page says about its total.
describe('pageTotal', () => {
  const page = (n: number) => ({ page: n, pageSize: 25 });

  it('a last page asked for by number is exact without a count', () => {
    expect(pageTotal(page(3), 10, false)).toEqual({ total: 60, totalExact: true });
    expect(pageTotal(page(1), 0, false)).toEqual({ total: 0, totalExact: true });
  });

  it('otherwise the capped count: exact up to the cap, then "more than" never below the rows so far', () => {
    expect(pageTotal(page(1), 25, true, 300)).toEqual({ total: 300, totalExact: true });
    expect(pageTotal(page(1), 25, true, LIST_COUNT_CAP + 1)).toEqual({ total: LIST_COUNT_CAP, totalExact: false });
    expect(pageTotal(page(41), 25, true, LIST_COUNT_CAP + 1)).toEqual({ total: 1025, totalExact: false });
  });

  it('a list that does not count says "more than" the rows so far', () => {
    expect(pageTotal(page(2), 25, true)).toEqual({ total: 50, totalExact: false });
  });

  it('a page past the end (an old link) answers the count, not its offset', () => {
    expect(pageTotal(page(5), 0, false, 30)).toEqual({ total: 30, totalExact: true });
    expect(pageTotal(page(5), 0, false, 0)).toEqual({ total: 0, totalExact: true });
    expect(pageTotal(page(900), 0, false, LIST_COUNT_CAP + 1)).toEqual({ total: LIST_COUNT_CAP, totalExact: false });
    // Not counted: nothing is known but that it is less than the offset.
    expect(pageTotal(page(5), 0, false)).toEqual({ total: 0, totalExact: false });
  });

  it('a keyset page knows no offset: counted, or "more than" its own rows', () => {
    expect(pageTotal({ ...page(1), cursor: 'x' }, 25, false, 80)).toEqual({ total: 80, totalExact: true });
    expect(pageTotal({ ...page(1), cursor: 'x' }, 25, false)).toEqual({ total: 25, totalExact: false });
  });
});
