import { describe, expect, it } from 'vitest';
import type { UIMatch } from 'react-router';
import { crumbsFromMatches, documentTitle, layoutSettingsFromMatches, pageTitleFromMatches } from './breadcrumbs';

const match = (pathname: string, handle?: unknown): UIMatch =>
  ({ id: pathname, pathname, params: {}, data: undefined, loaderData: undefined, handle });

describe('breadcrumbs', () => {
  const matches = [
    match('/'),
    match('/customers', { title: 'routes.customers' }),
    match('/customers/c-1', { title: 'routes.customer', layout: { asideMinimized: true } }),
    match('/customers/c-1/plans', { title: 'routes.plans' }),
    match('/customers/c-1/plans/'),
  ];

  it('lists titled routes from parent to child', () => {
    expect(crumbsFromMatches(matches)).toEqual([
      { title: 'routes.customers', to: '/customers' },
      { title: 'routes.customer', to: '/customers/c-1' },
      { title: 'routes.plans', to: '/customers/c-1/plans' },
    ]);
  });

  it('the page title is the last crumb title', () => {
    expect(pageTitleFromMatches(matches)).toBe('routes.plans');
    expect(documentTitle('Plans')).toBe('Plans · Grove');
    expect(documentTitle(undefined)).toBe('Grove');
  });

  it('skips routes marked crumb: false', () => {
    const crumbs = crumbsFromMatches([match('/a', { title: 'x', crumb: false }), match('/a/b', { title: 'y' })]);
    expect(crumbs).toEqual([{ title: 'y', to: '/a/b' }]);
  });

  it('collects page layout settings, parent first', () => {
    expect(layoutSettingsFromMatches(matches)).toEqual([{ asideMinimized: true }]);
  });
});
