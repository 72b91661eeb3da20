import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { ListPagination } from './ListPagination';
import { installBrowserMocks, renderWithProviders, setupTestI18n } from './test-providers';

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

afterEach(cleanup);

const noop = () => undefined;

// Decision 037: a "more than N" total never hides the next page.
describe('ListPagination', () => {
  it('an exact total offers exactly its pages', () => {
    renderWithProviders(<ListPagination page={1} pageSize={25} total={1000} onPage={noop} />);
    expect(screen.getByText('1–25 of 1,000')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 40' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 41' })).toBeNull();
  });

  it('a total that is a floor says "more than" and offers the page after it', () => {
    renderWithProviders(<ListPagination page={40} pageSize={25} total={1000} totalExact={false} onPage={noop} />);
    expect(screen.getByText('976–1,000 of more than 1,000')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 41' })).toBeTruthy();
  });
});
