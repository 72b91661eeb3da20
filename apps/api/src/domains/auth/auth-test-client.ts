import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { FINGERPRINT_COOKIE } from './tokens.js';

/** Test support: sign in over HTTP like the browser does, keeping the cookies it would keep. */
export interface Browser {
  /** Cookies the browser holds (fingerprint, known-device). */
  cookies: Record<string, string>;
  ip: string;
}

export function browser(ip = '127.0.0.1', cookies: Record<string, string> = {}): Browser {
  return { ip, cookies: { ...cookies } };
}

function keepCookies(target: Browser, res: LightMyRequestResponse): void {
  for (const cookie of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
    const cleared = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
    if (cleared) delete target.cookies[cookie.name];
    else target.cookies[cookie.name] = cookie.value;
  }
}

export interface LoggedIn {
  res: LightMyRequestResponse;
  token: string;
  /** Headers of an API call from this browser with this token. */
  headers: { authorization: string };
}

export async function login(app: FastifyInstance, username: string, password: string, from: Browser = browser()): Promise<LoggedIn> {
  const res = await app.inject({ method: 'POST', url: '/api/token', payload: { username, password }, remoteAddress: from.ip, cookies: from.cookies });
  keepCookies(from, res);
  const token = res.statusCode === 200 ? (res.json<{ token: string }>().token) : '';
  return { res, token, headers: { authorization: `Bearer ${token}` } };
}

/** Any call from `from`, with its cookies and (optionally) a Bearer token. */
export async function call(
  app: FastifyInstance,
  from: Browser,
  options: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; token?: string; payload?: object; headers?: Record<string, string> },
): Promise<LightMyRequestResponse> {
  const res = await app.inject({
    method: options.method,
    url: options.url,
    remoteAddress: from.ip,
    cookies: from.cookies,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.payload ? { payload: options.payload } : {}),
  });
  keepCookies(from, res);
  return res;
}

export function fingerprintOf(from: Browser): string | undefined {
  return from.cookies[FINGERPRINT_COOKIE];
}
