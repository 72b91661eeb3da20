import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { ConfirmProvider, useConfirm } from './ConfirmDialog';
import { installBrowserMocks, renderWithProviders, setupTestI18n } from './test-providers';

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

afterEach(cleanup);

function DeleteButton() {
  const confirm = useConfirm();
  const [result, setResult] = useState('none');
  return (
    <>
      <button
        type="button"
        onClick={() => void confirm({ message: 'Delete this plan?' }).then((ok) => setResult(ok ? 'deleted' : 'kept'))}
      >
        Remove
      </button>
      <output>{result}</output>
    </>
  );
}

describe('useConfirm', () => {
  it('resolves true when confirmed and false when cancelled', async () => {
    renderWithProviders(
      <ConfirmProvider>
        <DeleteButton />
      </ConfirmProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Delete this plan?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('kept')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('deleted')).toBeTruthy();
  });
});
