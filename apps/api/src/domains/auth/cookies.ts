import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { DEVICE_COOKIE_MAX_AGE_SECONDS, issueDeviceCookie } from './device-cookie.js';
import { FINGERPRINT_COOKIE } from './tokens.js';

/**
 * `Secure` whenever the portal's public address is https (a TLS-terminating proxy may talk plain
 * http to us, so the request's own protocol is not enough), or the request itself is https.
 */
export function secureCookies(request: FastifyRequest, config: Pick<Config, 'publicUrl'>): boolean {
  return request.protocol === 'https' || (config.publicUrl?.startsWith('https:') ?? false);
}

/** Cookies only the API reads: HttpOnly, SameSite=Strict, path /api, Secure over https. */
function cookieOptions(request: FastifyRequest, config: Pick<Config, 'publicUrl'>, maxAgeSeconds: number) {
  return { httpOnly: true, sameSite: 'strict', path: '/api', secure: secureCookies(request, config), maxAge: maxAgeSeconds } as const;
}

/** The token fingerprint cookie lives as long as the session can. */
export function setFingerprintCookie(request: FastifyRequest, reply: FastifyReply, config: Config, fingerprint: string): void {
  void reply.setCookie(FINGERPRINT_COOKIE, fingerprint, cookieOptions(request, config, config.sessionAbsoluteHours * 3600));
}

export function clearFingerprintCookie(request: FastifyRequest, reply: FastifyReply, config: Config): void {
  void reply.clearCookie(FINGERPRINT_COOKIE, { path: '/api', httpOnly: true, sameSite: 'strict', secure: secureCookies(request, config) });
}

/** Marks this browser as a known device of the account (see device-cookie.ts). */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, config: Config, username: string): void {
  const cookie = issueDeviceCookie(config.tokenSecret, username);
  void reply.setCookie(cookie.name, cookie.value, cookieOptions(request, config, DEVICE_COOKIE_MAX_AGE_SECONDS));
}
