import { z } from 'zod';
import { endpointPath, type Endpoint, type EndpointInput, type EndpointResponse } from '@grove/shared';
import { ApiError, apiRequest, type Query, type RequestOptions } from './api-client';

/**
 * Calls an endpoint declared in `@grove/shared` (docs/decisions/030-endpoint-contract-and-typed-data.md):
 * the path, method, query and body follow the declaration, and the answer is checked against the
 * endpoint's response schema before a screen sees it, so its type is the contract's and needs no cast.
 */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  options: Omit<RequestOptions, 'query' | 'body'> = {},
): Promise<EndpointResponse<E>> {
  const parts = input as { params?: Record<string, unknown>; query?: Query; body?: unknown };
  const data = await apiRequest<unknown>(endpoint.method, endpointPath(endpoint.path, parts.params), { ...options, query: parts.query, body: parts.body });
  // Read through the generic (not its constraint), so the answer's type is this endpoint's.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  const parsed = z.safeParse(endpoint.response as E['response'], data);
  if (!parsed.success) {
    console.error(`${endpoint.method} ${endpoint.path}: the answer does not match its contract`, parsed.error.issues);
    throw new ApiError(500, `${endpoint.method} ${endpoint.path}: unexpected answer`, {}, data);
  }
  return parsed.data;
}
