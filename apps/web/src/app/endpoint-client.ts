import { z } from 'zod';
import {
  endpointPath,
  jsonAnswer,
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
  type FileEndpoint,
  type JsonEndpoint,
} from '@grove/shared';
import { ApiError, apiDownload, apiRequest, buildUrl, type Query, type RequestOptions } from './api-client';

type Parts = { params?: Record<string, unknown>; query?: Query; body?: unknown };

/**
 * Calls an endpoint declared in `@grove/shared` (docs/decisions/030-endpoint-contract-and-typed-data.md):
 * the path, method, query and body follow the declaration, and the answer is checked against the
 * endpoint's response schema before a screen sees it, so its type is the contract's and needs no cast.
 * A `noContent` endpoint resolves with nothing; file answers go through `downloadEndpoint`.
 */
export async function callEndpoint<E extends JsonEndpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  options: Omit<RequestOptions, 'query' | 'body'> = {},
): Promise<EndpointResponse<E>> {
  const parts = input as Parts;
  const data = await apiRequest<unknown>(endpoint.method, endpointPath(endpoint.path, parts.params), { ...options, query: parts.query, body: parts.body });
  const schema = jsonAnswer(endpoint.response);
  if (!schema) return undefined as EndpointResponse<E>;
  const parsed = z.safeParse(schema, data);
  if (!parsed.success) {
    console.error(`${endpoint.method} ${endpoint.path}: the answer does not match its contract`, parsed.error.issues);
    throw new ApiError(500, `${endpoint.method} ${endpoint.path}: unexpected answer`, {}, data);
  }
  // The schema is this endpoint's (`jsonAnswer` only loses the static type).
  return parsed.data as EndpointResponse<E>;
}

/** The URL of an endpoint with its params and query (links, `<img src>` behind the session cookie). */
export function endpointUrl<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): string {
  const parts = input as Parts;
  return buildUrl(endpointPath(endpoint.path, parts.params), parts.query);
}

/** Downloads a file answer (CSV, XLSX, PDF, stored file): the bytes and the server's file name. */
export function downloadEndpoint<E extends FileEndpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  fallbackName = 'download',
): Promise<{ blob: Blob; fileName: string }> {
  const parts = input as Parts;
  return apiDownload(endpointPath(endpoint.path, parts.params), parts.query, fallbackName);
}
