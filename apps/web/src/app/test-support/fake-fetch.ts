/* Test-only: a small stand-in for the API in component tests (the real API is tested end to end). */
import { afterEach, vi } from 'vitest';
import { getSessionState } from '../session-store';
import { NOT_AN_ENDPOINT, checkAnswer, checkRequest, declaredStatus, matchEndpoint } from './contract-check';

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

/** What fakes got wrong in the running test; `afterEach` fails the test with it. */
let problems: string[] = [];

/** The contract problems recorded so far, emptied (for a test that makes a wrong fake on purpose). */
export function takeFakeFetchProblems(): string[] {
  const taken = problems;
  problems = [];
  return taken;
}

// A wrong fake is answered with a 500 (so the screen shows an error) and fails the test here, even
// when the screen swallowed that error.
afterEach(() => {
  const found = takeFakeFetchProblems();
  if (found.length) throw new Error(`The fake fetch broke the endpoint contract (@grove/shared):\n${found.join('\n')}`);
});

/**
 * Replaces global fetch; unhandled calls answer 404, except the token refresh of route changes,
 * which answers with the current session user (401 when there is none). Returns the calls made.
 *
 * Every call is matched to its endpoint declaration in `@grove/shared` (method and path), and the
 * request (params, query, JSON body) and the fake answer (success status and body, or the error
 * shape) are checked against its schemas: a URL no endpoint declares, or a fake the real API could
 * not send, fails the test with the endpoint and the schema issues. An answer without a status gets
 * the endpoint's success status (201 for a create, 204 for no content).
 */
export function installFakeFetch(handler: FakeHandler): FakeRequest[] {
  const calls: FakeRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? null);
    const request: FakeRequest = { method: init.method ?? 'GET', url, headers, body };
    calls.push(request);
    const key = `${request.method} ${url.pathname}`;
    const matched = matchEndpoint(request.method, url.pathname);
    const fail = (found: string[], where: string) => {
      problems.push(...found.map((problem) => `${key} (${where}): ${problem}`));
      return json(500, { message: `fake fetch: ${key} breaks the contract` });
    };
    if (!matched && !(key in NOT_AN_ENDPOINT)) return fail(['no endpoint of @grove/shared has this method and path'], 'undeclared');
    if (matched) {
      const wrongRequest = checkRequest(matched, url, request.body, init.body instanceof FormData);
      if (wrongRequest.length) return fail(wrongRequest, matched.name);
    }
    const answer = (await handler(request)) ?? defaultAnswer(request);
    const status = answer.status ?? (matched ? declaredStatus(matched.endpoint) : 200);
    if (matched) {
      const wrongAnswer = checkAnswer(matched.endpoint, status, answer.body);
      if (wrongAnswer.length) return fail(wrongAnswer, matched.name);
    }
    return json(status, status === 204 ? undefined : answer.body);
  });
  return calls;
}

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
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
