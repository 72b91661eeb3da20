import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { HttpError } from './errors.js';

/*
 * Links in emails (reset, invitation, sign-in) must never point where a forged Host header says
 * (issue 9 §10, docs/decisions/013-public-address-and-proxies.md). With PUBLIC_URL they use it and nothing
 * else. Without it they use the request's host, which is only accepted from ALLOWED_HOSTS
 * (default: localhost names and the listening address): API calls naming another host get 400.
 */

export const HOST_NOT_ALLOWED_TEXT = 'This host name is not allowed. Set PUBLIC_URL or ALLOWED_HOSTS on the server.';

/** `Example.COM:3000` → `example.com:3000`; `[::1]:3000` stays bracketed. */
function splitHost(host: string): { name: string; withPort: string } {
  const lower = host.trim().toLowerCase();
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(lower);
  return { name: match?.[1] ?? lower, withPort: lower };
}

/** An entry without a port allows the name on any port; `name:port` only that port. */
export function hostAllowed(allowed: readonly string[], host: string | undefined): boolean {
  if (allowed.length === 0) return true;
  if (!host) return false;
  const { name, withPort } = splitHost(host);
  return allowed.some((entry) => entry === withPort || entry === name);
}

export function registerHostCheck(app: FastifyInstance, config: Pick<Config, 'allowedHosts'>): void {
  if (config.allowedHosts.length === 0) return;
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (!hostAllowed(config.allowedHosts, request.host)) throw new HttpError(400, HOST_NOT_ALLOWED_TEXT);
  });
}

/**
 * The portal's address for links: PUBLIC_URL, else the request's own origin, which the host
 * check above has already limited to ALLOWED_HOSTS (checked again here: a link is never built
 * from a host outside the list).
 */
export function linkBaseUrl(config: Pick<Config, 'publicUrl' | 'allowedHosts'>, request: { protocol: string; host: string }): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  if (!hostAllowed(config.allowedHosts, request.host)) throw new HttpError(400, HOST_NOT_ALLOWED_TEXT);
  return `${request.protocol}://${request.host}`;
}
