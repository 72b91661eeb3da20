import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ContentAudienceOptions } from '@grove/shared';
import { installBrowserMocks, setupTestI18n, signInAs, testUser, TestProviders } from '../../../components/ui/test-providers';
import { installFakeFetch } from '../../../app/test-support/fake-fetch';
import { ContentEditor } from './ContentEditor';

const NORTH = '00000000-0000-4000-8000-0000000000a1';
const NORTH_A = '00000000-0000-4000-8000-0000000000b1';

/** A Branch Manager of North A (decision 041): their branch or chosen customers of it, nothing company-wide. */
const branchManager: ContentAudienceOptions = {
  mayAuthor: true,
  types: ['branch', 'customers'],
  regions: [],
  branches: [{ id: NORTH_A, name: 'North A', regionId: NORTH }],
};

function renderEditor(options: ContentAudienceOptions) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TestProviders>
      <QueryClientProvider client={client}>
        <ContentEditor item={null} opened onClose={vi.fn()} options={options} />
      </QueryClientProvider>
    </TestProviders>,
  );
  return screen.getByTestId('content-editor');
}

beforeAll(async () => {
  installBrowserMocks();
  await setupTestI18n();
});

beforeEach(() => signInAs(testUser({ roles: ['Branch Manager'] })));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The options of one Select: those of the list box its input controls once opened. */
async function optionsOf(input: HTMLElement): Promise<string[]> {
  fireEvent.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(input.getAttribute('aria-controls')!)!;
  return within(listbox)
    .getAllByRole('option', { hidden: true })
    .map((option) => option.textContent);
}

const audienceChoices = (editor: HTMLElement) =>
  within(within(editor).getByTestId('content-audience'))
    .getAllByRole('radio', { hidden: true })
    .map((radio) => radio.closest('div')?.textContent ?? '');

describe('ContentEditor audience picker (decision 041)', () => {
  it('offers a branch manager only their branch and chosen customers, their branch first', async () => {
    installFakeFetch(({ url }) => (url.pathname === '/api/Customers' ? { body: { data: [], total: 0, page: 1, pageSize: 25 } } : undefined));
    const editor = renderEditor(branchManager);
    expect(audienceChoices(editor)).toEqual(['A branch', 'Chosen customers']);
    expect(within(editor).queryByText('All customers')).toBeNull();
    expect(within(editor).queryByText('A region')).toBeNull();
    // The branch picker is open by default and lists their branch only.
    expect(await optionsOf(within(editor).getByTestId('content-branch'))).toEqual(['North A']);
  });

  it('offers the company-wide roles every audience and every region', async () => {
    installFakeFetch(() => undefined);
    const editor = renderEditor({
      mayAuthor: true,
      types: ['all', 'region', 'branch', 'customers'],
      regions: [
        { id: NORTH, name: 'North' },
        { id: '00000000-0000-4000-8000-0000000000a2', name: 'South' },
      ],
      branches: [],
    });
    expect(audienceChoices(editor)).toEqual(['All customers', 'A region', 'A branch', 'Chosen customers']);
    fireEvent.click(within(editor).getByText('A region'));
    await waitFor(() => expect(within(editor).getByTestId('content-region')).toBeTruthy());
    expect(await optionsOf(within(editor).getByTestId('content-region'))).toEqual(['North', 'South']);
  });
});
