import i18next from 'i18next';
import type { FieldErrors, TokenResponse } from '@grove/shared';
import { loginPath } from './guards';
import { currentPath, navigateTo } from './navigation';
import { getToken, signIn, signOutLocally, tokenExpiry } from './session-store';

export { getToken } from './session-store';

/**
 * The one way the web app talks to the API (spec §7): same-origin fetch, Bearer token from
 * localStorage, JSON in and out, errors as ApiError. Any 401 ends the session and sends the user
 * to /login?redirect=<where they were>. A token about to expire is refreshed before the call.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Field errors of a 400 (`{ field: [text] }`); empty otherwise. */
    readonly errors: FieldErrors = {},
    /** The whole response body, for screens that show the server's data (spec §8). */
    readonly data: unknown = null,
    /** The Retry-After header of a 503/409/429, when the server sent one. */
    public retryAfter: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Token endpoints handle their own 401/400 and must not trigger a refresh first. */
  auth?: boolean;
  /** Skip the "401 → login" redirect (the caller handles it). */
  redirectOn401?: boolean;
  /**
   * The Idempotency-Key to send instead of one made per submission: the offline outbox keeps its
   * own per item, so a write tried online, then queued, then sent is carried out once (decision 019).
   */
  idempotencyKey?: string;
}

const REFRESH_MARGIN_SECONDS = 60;
// AUTH_ENDPOINTS.refresh (its schema loads on use: app/auth-contract.ts); a test checks they agree.
export const REFRESH_PATH = '/api/token/refresh';

let acceptLanguage = 'en';

/** The interface language, sent as Accept-Language so server texts come back translated. */
export function setApiLanguage(language: string): void {
  acceptLanguage = language;
}

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function errorFrom(status: number, body: unknown, fallback: string): ApiError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const message =
    (typeof record.message === 'string' && record.message) ||
    (typeof record.error_description === 'string' && record.error_description) ||
    (typeof body === 'string' && body.length < 300 && body) ||
    fallback;
  const errors = record.errors && typeof record.errors === 'object' ? (record.errors as FieldErrors) : {};
  return new ApiError(status, message, errors, body);
}

const NETWORK_ERROR_TEXT = 'The server could not be reached. Check your connection and try again.';

/** In the user's language once i18n is up (same i18next instance as the app's); English before. */
function networkErrorText(): string {
  const text = i18next.isInitialized ? i18next.t('errors:api.network') : '';
  return text && !text.endsWith('api.network') ? text : NETWORK_ERROR_TEXT;
}

let refreshing: Promise<TokenResponse | null> | null = null;

/**
 * POST /api/token/refresh, single-flight: concurrent callers share one request. Resolves the new
 * token response, or null when the session is over (it is then cleared). Network failures reject.
 */
export function refreshToken(): Promise<TokenResponse | null> {
  if (refreshing) return refreshing;
  refreshing = (async () => {
    const token = getToken();
    if (!token) {
      signOutLocally();
      return null;
    }
    try {
      // Checked against the contract like every endpoint's answer (app/endpoint-client.ts).
      const [answer, { AUTH_ENDPOINTS }] = await Promise.all([
        send<unknown>('POST', REFRESH_PATH, { auth: false, redirectOn401: false }, token),
        import('./auth-contract'),
      ]);
      const parsed = AUTH_ENDPOINTS.refresh.response.safeParse(answer);
      if (!parsed.success) throw new ApiError(500, `POST ${REFRESH_PATH}: unexpected answer`, {}, answer);
      const body = parsed.data;
      signIn(body);
      return body;
    } catch (error) {
      // The session is over (spec §4/§8); a server error or rate limit keeps it for the next try.
      if (error instanceof ApiError && [400, 401, 403].includes(error.status)) {
        signOutLocally();
        return null;
      }
      throw error;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** The stored token, refreshed first when it is about to expire (also for the live event stream). */
export async function freshToken(): Promise<string | null> {
  const token = getToken();
  if (!token) return null;
  const exp = tokenExpiry(token);
  if (exp !== null && exp - Date.now() / 1000 < REFRESH_MARGIN_SECONDS) {
    try {
      await refreshToken();
    } catch {
      // Offline or server down: try the call with the old token; its own error will show.
    }
    return getToken();
  }
  return token;
}

function handleUnauthorized(): void {
  signOutLocally();
  if (window.location.pathname === '/login') return;
  navigateTo(loginPath(currentPath()), { replace: true });
}

/*
 * Idempotency keys (issue 9 §2): every signed-in POST carries one, so a create retried after a
 * lost answer or a 503 is carried out once. The key belongs to one submission — the same path and
 * body — and is kept until the server has given a final answer, so the automatic retries below
 * and the user pressing "Save" again on the same form reuse it; a changed form is a new key.
 */
const openSubmissions = new Map<string, string>();
const MAX_OPEN_SUBMISSIONS = 100;

function submissionKey(signature: string): string {
  let key = openSubmissions.get(signature);
  if (!key) {
    key = crypto.randomUUID();
    openSubmissions.set(signature, key);
    // Forget the oldest when many submissions never got a final answer.
    if (openSubmissions.size > MAX_OPEN_SUBMISSIONS) openSubmissions.delete(openSubmissions.keys().next().value!);
  }
  return key;
}

/** A final answer: the submission is over (2xx, or a 4xx the user must act on). */
function isFinal(status: number): boolean {
  return status >= 200 && status < 500 && status !== 409;
}

/** Network failures, 503 (outage) and 409 "still running" are retried with the same key. */
const RETRY_DELAYS_MS = [1_000, 3_000];

function retryDelay(attempt: number, retryAfter: string | null): number {
  const seconds = Number(retryAfter);
  const hinted = Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 5) * 1000 : 0;
  return Math.max(hinted, RETRY_DELAYS_MS[attempt] ?? 3_000);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function send<T>(method: string, path: string, options: RequestOptions, bearer: string | null): Promise<T> {
  const idempotent = (method === 'POST' || options.idempotencyKey !== undefined) && options.auth !== false && !(options.body instanceof FormData);
  if (!idempotent) return sendOnce<T>(method, path, options, bearer, undefined);
  const signature = `${path}\n${JSON.stringify(options.body ?? null)}`;
  const key = options.idempotencyKey ?? submissionKey(signature);
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await sendOnce<T>(method, path, options, bearer, key);
      openSubmissions.delete(signature);
      return result;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (isFinal(error.status)) openSubmissions.delete(signature);
      const retryable = error.status === 0 || error.status === 503 || (error.status === 409 && error.retryAfter !== null);
      if (!retryable || attempt >= RETRY_DELAYS_MS.length || options.signal?.aborted) throw error;
      await wait(retryDelay(attempt, error.retryAfter));
    }
  }
}

async function sendOnce<T>(method: string, path: string, options: RequestOptions, bearer: string | null, idempotencyKey: string | undefined): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': acceptLanguage };
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, networkErrorText(), {}, null);
  }
  const data = await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && options.redirectOn401 !== false) handleUnauthorized();
    const error = errorFrom(response.status, data, response.statusText || `HTTP ${response.status}`);
    error.retryAfter = response.headers.get('retry-after');
    throw error;
  }
  return data as T;
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const bearer = options.auth === false ? getToken() : await freshToken();
  if (options.auth !== false && !bearer) {
    // Signed out (or just signing out while a screen still refetches): the server would only say
    // 401, so the call is not sent; the caller gets the same error a 401 gives.
    if (options.redirectOn401 !== false) handleUnauthorized();
    throw errorFrom(401, {}, 'Unauthorized');
  }
  return send<T>(method, path, options, bearer);
}

/**
 * Untyped calls, for the session plumbing and its tests only: screens call their endpoints through
 * `callEndpoint` (app/endpoint-client.ts), which checks each answer against the shared contract.
 */
export const api = {
  get: (path: string, query?: Query, options: Omit<RequestOptions, 'query'> = {}) => apiRequest<unknown>('GET', path, { ...options, query }),
  post: (path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}) => apiRequest<unknown>('POST', path, { ...options, body }),
  put: (path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}) => apiRequest<unknown>('PUT', path, { ...options, body }),
  delete: (path: string, options: RequestOptions = {}) => apiRequest<unknown>('DELETE', path, options),
};

/** A file answer (CSV export, document): the bytes and the server's file name, for `downloadBlob`. */
export async function apiDownload(path: string, query?: Query, fallbackName = 'download'): Promise<{ blob: Blob; fileName: string }> {
  const bearer = await freshToken();
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      headers: { 'Accept-Language': acceptLanguage, ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, networkErrorText(), {}, null);
  }
  if (!response.ok) {
    if (response.status === 401) handleUnauthorized();
    throw errorFrom(response.status, await readBody(response), response.statusText || `HTTP ${response.status}`);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: await response.blob(), fileName: name ? decodeURIComponent(name) : fallbackName };
}
