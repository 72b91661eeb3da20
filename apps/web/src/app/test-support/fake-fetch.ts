/* Test-only: a small stand-in for the API in component tests (the real API is tested end to end). */
import { vi } from 'vitest';
import { getSessionState } from '../session-store';

export interface FakeRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

export type FakeHandler = (request: FakeRequest) => FakeResponse | undefined | Promise<FakeResponse | undefined>;

/**
 * Replaces global fetch; unhandled calls answer 404, except the token refresh of route changes,
 * which answers with the current session user (401 when there is none). Returns the calls made.
 */
export function installFakeFetch(handler: FakeHandler): FakeRequest[] {
  const calls: FakeRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? null);
    const request: FakeRequest = { method: init.method ?? 'GET', url, headers, body };
    calls.push(request);
    const answer = (await handler(request)) ?? defaultAnswer(request);
    const status = answer.status ?? 200;
    return new Response(status === 204 || answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

function defaultAnswer(request: FakeRequest): FakeResponse {
  if (request.method === 'POST' && request.url.pathname === '/api/token/refresh') {
    const { user } = getSessionState();
    return user ? { body: { token: fakeToken(), expiresAt: new Date(Date.now() + 900_000).toISOString(), user } } : { status: 401, body: { message: 'Login or password is not valid' } };
  }
  return { status: 404, body: { message: 'Not found' } };
}

/** A JWT-shaped token whose `exp` is `secondsFromNow` ahead (the client reads exp, never verifies). */
export function fakeToken(secondsFromNow = 900): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'u', exp: Math.floor(Date.now() / 1000) + secondsFromNow })}.sig`;
}
