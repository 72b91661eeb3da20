import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Select } from '@mantine/core';
import { optionLabel, SelectOnFirstUse } from './SelectOnFirstUse';
import { installBrowserMocks, renderWithProviders, setupTestI18n } from './test-providers';

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

afterEach(cleanup);

const DATA = [
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
];

function Filter({ initial = null as string | null, onValue = (_: string | null) => undefined as void }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <SelectOnFirstUse
      aria-label="Status"
      placeholder="Any status"
      clearable
      data={DATA}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
      data-testid="filter"
    />
  );
}

/** What a screen reader and the layout see of a closed select. */
function closedShape(input: HTMLElement) {
  return {
    role: input.getAttribute('role'),
    haspopup: input.getAttribute('aria-haspopup'),
    expanded: input.getAttribute('aria-expanded'),
    label: input.getAttribute('aria-label'),
    readOnly: (input as HTMLInputElement).readOnly,
    value: (input as HTMLInputElement).value,
    placeholder: input.getAttribute('placeholder'),
    className: input.className,
    wrapper: input.parentElement?.className,
  };
}

// Decision 042: the stand-in is Mantine's closed Select until first use.
describe('SelectOnFirstUse', () => {
  it('renders closed exactly as Mantine Select does, with the chosen label', async () => {
    renderWithProviders(<Select aria-label="Status" placeholder="Any status" clearable data={DATA} value="paused" data-testid="real" onChange={() => undefined} />);
    const real = closedShape(screen.getByTestId('real'));
    cleanup();
    renderWithProviders(<Filter initial="paused" />);
    const standIn = closedShape(screen.getByTestId('filter'));
    expect(standIn).toEqual({ ...real, expanded: 'false' });
    expect(standIn.value).toBe('Paused');
  });

  it('opens the real Select at the first click, focused, and chooses an option', async () => {
    const chosen: (string | null)[] = [];
    renderWithProviders(<Filter onValue={(value) => chosen.push(value)} />);
    fireEvent.click(screen.getByTestId('filter'));
    const option = await screen.findByRole('option', { name: 'Active' });
    const input = screen.getByTestId('filter');
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(option);
    expect(chosen).toEqual(['active']);
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('filter').value).toBe('Active'));
  });

  it('opens from the keyboard (ArrowDown) as Select does', async () => {
    renderWithProviders(<Filter />);
    const standIn = screen.getByTestId('filter');
    act(() => standIn.focus());
    fireEvent.keyDown(standIn, { key: 'ArrowDown' });
    expect(await screen.findByRole('listbox')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('filter'));
  });

  it('clears without loading anything', () => {
    const chosen: (string | null)[] = [];
    renderWithProviders(<Filter initial="active" onValue={(value) => chosen.push(value)} />);
    const clear = document.querySelector('.mantine-InputClearButton-root, [class*="ClearButton"], button[aria-hidden="true"]');
    expect(clear).toBeTruthy();
    fireEvent.click(clear!);
    expect(chosen).toEqual([null]);
    expect(screen.getByTestId<HTMLInputElement>('filter').value).toBe('');
  });

  it('finds labels in every data shape', () => {
    expect(optionLabel(['a', 'b'], 'b')).toBe('b');
    expect(optionLabel([{ group: 'G', items: [{ value: 'x', label: 'Ex' }] }], 'x')).toBe('Ex');
    expect(optionLabel(DATA, 'none')).toBeUndefined();
  });
});
