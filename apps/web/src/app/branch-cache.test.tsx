/**
 * One cache for branches (issue 8 §5): every screen that lists branches reads the `entities/branches`
 * query, so a branch renamed in Settings shows its new name in the other screens' pickers and
 * filters at once — before, the service-request filter kept its own copy under another key for ten
 * minutes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useBranches } from '../entities/branches';
import { useRegionMutations } from '../features/settings/api/settings-api';
import { testUser } from '../components/ui/test-providers';
import { resetSessionForTests, signIn } from './session-store';
import { fakeToken, installFakeFetch } from './test-support/fake-fetch';

const BRANCH = '11111111-1111-4111-8111-111111111111';
const REGION = '22222222-2222-4222-8222-222222222222';

beforeEach(() => {
  resetSessionForTests();
  signIn({ token: fakeToken(), user: testUser({ roles: ['System Admin'] }) });
});
afterEach(() => vi.unstubAllGlobals());

describe('branches: one cache for every screen', () => {
  // The request filter, customer list and form, and the team directory all call entities' useBranches.
  it('a branch renamed in Settings is renamed wherever branches are listed', async () => {
    let name = 'Marietta';
    installFakeFetch(({ url, method }) => {
      if (url.pathname === '/api/Branches' && method === 'GET') return { body: { data: [{ id: BRANCH, name, regionId: REGION, regionName: 'Georgia', timeZone: 'America/New_York' }] } };
      if (url.pathname === `/api/Branches/${BRANCH}` && method === 'PUT') {
        name = 'Marietta North';
        return { body: { id: BRANCH, name, regionId: REGION, regionName: 'Georgia', timeZone: 'America/New_York' } };
      }
      return undefined;
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(
      () => ({ branches: useBranches(), settings: useRegionMutations() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.branches.data?.[0]?.name).toBe('Marietta'));

    await act(async () => {
      await result.current.settings.updateBranch.mutateAsync({ id: BRANCH, body: { name: 'Marietta North' } });
    });

    await waitFor(() => expect(result.current.branches.data?.[0]?.name).toBe('Marietta North'));
  });
});
