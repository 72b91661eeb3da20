import { describe, expect, it } from 'vitest';
import { activeFilterCount, requestQuery, statusesOf, viewOf, type ListUrlState } from './list-params';

const ID = '0f0e0d0c-0b0a-4908-8706-050403020100';
const OTHER = '1f0e0d0c-0b0a-4908-8706-050403020100';

function state(filters: ListUrlState['filters'], extra: Partial<ListUrlState> = {}): ListUrlState {
  return { page: 1, pageSize: 25, sort: undefined, search: '', filters, ...extra };
}

describe('staff list: URL state → API query', () => {
  it('maps every filter to its API parameter', () => {
    const query = requestQuery(
      state(
        {
          view: 'unassigned',
          status: 'new,acknowledged',
          priority: ID,
          type: OTHER,
          customer: ID,
          branch: OTHER,
          assignee: ID,
          overdue: 'true',
          from: '2026-01-01',
          to: '2026-01-31',
        },
        { page: 3, pageSize: 50, sort: '-priority', search: '  SR-2026  ' },
      ),
    );
    expect(query).toEqual({
      page: 3,
      pageSize: 50,
      sort: '-priority',
      search: 'SR-2026',
      view: 'unassigned',
      status: 'new,acknowledged',
      priorityId: ID,
      typeId: OTHER,
      customerId: ID,
      branchId: OTHER,
      assigneeId: ID,
      overdue: 'true',
      createdFrom: '2026-01-01',
      createdTo: '2026-01-31',
    });
  });

  it('sends nothing for "All", and the default sort', () => {
    expect(requestQuery(state({ view: 'all' }))).toEqual({ page: 1, pageSize: 25, sort: '-createdAt' });
  });

  it('drops what a hand-edited link got wrong instead of failing the list', () => {
    const query = requestQuery(
      state({ view: 'everything', status: 'new,bogus,closed', priority: 'drop table', customer: '123', overdue: 'yes', from: '2026-13-45', to: 'soon' }, { sort: 'password' }),
    );
    expect(query).toEqual({ page: 1, pageSize: 25, sort: '-createdAt', status: 'new,closed' });
  });

  it('keeps statuses in the order of the status machine', () => {
    expect(statusesOf('closed,new,in_progress')).toEqual(['new', 'in_progress', 'closed']);
    expect(statusesOf(undefined)).toEqual([]);
  });

  it('reads a date range typed backwards as the days between', () => {
    expect(requestQuery(state({ from: '2026-02-10', to: '2026-02-01' }))).toMatchObject({ createdFrom: '2026-02-01', createdTo: '2026-02-10' });
  });

  it('pins the per-customer list to its customer, whatever the URL says', () => {
    const query = requestQuery(state({ customer: OTHER, branch: ID, view: 'myOpen' }), { customerId: ID });
    expect(query).toEqual({ page: 1, pageSize: 25, sort: '-createdAt', view: 'myOpen', customerId: ID });
  });

  it('counts the set filters for the Filters button (not the view or search)', () => {
    expect(activeFilterCount(state({ view: 'overdue' }, { search: 'x' }))).toBe(0);
    expect(activeFilterCount(state({ status: 'new', customer: ID, overdue: 'true', from: '2026-01-01', to: '2026-01-02' }))).toBe(4);
    expect(activeFilterCount(state({ customer: ID }), { customerId: ID })).toBe(0);
  });

  it('knows the ready views', () => {
    expect(viewOf('myOpen')).toBe('myOpen');
    expect(viewOf('open')).toBe('all');
    expect(viewOf(undefined)).toBe('all');
  });
});
