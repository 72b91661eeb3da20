import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { SelectOnFirstUse } from './SelectOnFirstUse';
import { installBrowserMocks, renderWithProviders, setupTestI18n } from './test-providers';

// A file of its own: the real Select's code must not be loaded yet when a test starts typing
// (a lazy component, once loaded, renders at once for every later test of the file).
beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

afterEach(cleanup);

const MANAGERS = ['Rachel Kim', 'Emily Carter', 'Jordan Ellis'].map((name) => ({ value: name.toLowerCase(), label: name }));

function ControlledSearch({ searches }: { searches: string[] }) {
  const [search, setSearch] = useState('');
  return (
    <SelectOnFirstUse
      searchable
      aria-label="Account manager"
      data={MANAGERS}
      searchValue={search}
      onSearchChange={(next) => {
        searches.push(next);
        setSearch(next);
      }}
      data-testid="manager"
    />
  );
}

describe('SelectOnFirstUse, typing before its code has arrived, with a controlled search', () => {
  it('the owner of the search hears the typed text once the real Select is there', async () => {
    const searches: string[] = [];
    renderWithProviders(<ControlledSearch searches={searches} />);
    act(() => screen.getByTestId('manager').focus());
    for (const key of ['J', 'o']) fireEvent.keyDown(document.activeElement!, { key });
    expect(screen.getByTestId<HTMLInputElement>('manager').value).toBe('Jo');
    expect(await screen.findByRole('option', { name: 'Jordan Ellis' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Rachel Kim' })).toBeNull();
    expect(searches.at(-1)).toBe('Jo');
    expect(screen.getByTestId<HTMLInputElement>('manager').value).toBe('Jo');
  });
});
