import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KUDOS_ENDPOINTS } from '@grove/shared';
import { testUser } from '../components/ui/test-providers';
import { ApiError } from './api-client';
import { callEndpoint } from './endpoint-client';
import { resetSessionForTests, signIn } from './session-store';
import { fakeToken } from './test-support/fake-fetch';

const customerId = '0b6f7a40-5b1e-4f57-9a53-0d9a1c2e8a11';

beforeEach(() => {
  localStorage.clear();
  resetSessionForTests();
  signIn({ token: fakeToken(), user: testUser() });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('callEndpoint', () => {
  it('follows the declaration (method, path, query) and returns the answer its schema parsed', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      urls.push(`${init.method} ${url}`);
      return Response.json({ data: [{ id: customerId, name: 'Ada Crew', title: null, teamRole: 'Crew Leader', photoFileId: null, extra: 'dropped' }] });
    });
    const answer = await callEndpoint(KUDOS_ENDPOINTS.recipients, { query: { customerId } });
    expect(urls).toEqual([`GET /api/Kudos/recipients?customerId=${customerId}`]);
    expect(answer.data[0]).not.toHaveProperty('extra');
  });

  it('refuses an answer that breaks the contract instead of handing it to a screen', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ data: [{ id: 42 }] }));
    const error = await callEndpoint(KUDOS_ENDPOINTS.recipients, { query: { customerId } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
  });
});
