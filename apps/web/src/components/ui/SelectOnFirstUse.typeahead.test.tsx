import { afterEach, beforeAll, describe, expect, it } from 'vitest';
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

describe('SelectOnFirstUse, typing before its code has arrived', () => {
  it('keeps what was typed: shown at once, then the real Select searches it, caret at the end', async () => {
    renderWithProviders(<SelectOnFirstUse searchable aria-label="Account manager" data={MANAGERS} data-testid="manager" />);
    act(() => screen.getByTestId('manager').focus());
    // The code is still on the way: these keys reach the stand-in, which kept the focus.
    expect(document.activeElement).toBe(screen.getByTestId('manager'));
    for (const key of ['E', 'm', 'x', 'Backspace']) fireEvent.keyDown(document.activeElement!, { key });
    expect(screen.getByTestId<HTMLInputElement>('manager').value).toBe('Em');
    expect(await screen.findByRole('option', { name: 'Emily Carter' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Rachel Kim' })).toBeNull();
    const input = screen.getByTestId<HTMLInputElement>('manager');
    expect(input.value).toBe('Em');
    expect(document.activeElement).toBe(input);
    expect(input.selectionStart).toBe(2);
  });

});
