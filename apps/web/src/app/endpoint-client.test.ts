import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FILES_ENDPOINTS, KUDOS_ENDPOINTS, defineEndpoint, noContent } from '@grove/shared';
import { testUser } from '../components/ui/test-providers';
import { ApiError } from './api-client';
import { callEndpoint, downloadEndpoint, endpointUrl } from './endpoint-client';
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

describe('answers that are not JSON', () => {
  const fileId = '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

  it('a 204 endpoint resolves with nothing', async () => {
    const remove = defineEndpoint({
      method: 'DELETE',
      path: '/api/Things/:id',
      access: 'staff',
      tags: ['test'],
      summary: 'test',
      params: z.object({ id: z.uuid() }),
      response: noContent,
    });
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      return new Response(null, { status: 204 });
    });
    await expect(callEndpoint(remove, { params: { id: fileId } })).resolves.toBeUndefined();
    expect(calls).toEqual([`DELETE /api/Things/${fileId}`]);
  });

  it('downloads a file answer with its server file name', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return new Response('a,b\r\n', { headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="list.csv"` } });
    });
    const { blob, fileName } = await downloadEndpoint(FILES_ENDPOINTS.content, { params: { id: fileId }, query: { download: '1' } }, 'fallback');
    expect(urls).toEqual([`/api/Files/${fileId}/content?download=1`]);
    expect(fileName).toBe('list.csv');
    expect(await blob.text()).toBe('a,b\r\n');
  });

  it('builds the URL of an endpoint from its params and query', () => {
    expect(endpointUrl(FILES_ENDPOINTS.content, { params: { id: fileId }, query: { variant: 'thumb' } })).toBe(`/api/Files/${fileId}/content?variant=thumb`);
  });
});
