import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { DEVICE_COOKIE_MAX_AGE_SECONDS, issueDeviceCookie } from './device-cookie.js';
import { FINGERPRINT_COOKIE } from './tokens.js';

/** Cookies only the API reads: HttpOnly, SameSite=Strict, path /api, Secure over https. */
function cookieOptions(request: FastifyRequest, maxAgeSeconds: number) {
  return { httpOnly: true, sameSite: 'strict', path: '/api', secure: request.protocol === 'https', maxAge: maxAgeSeconds } as const;
}

/** The token fingerprint cookie lives as long as the session can. */
export function setFingerprintCookie(request: FastifyRequest, reply: FastifyReply, config: Config, fingerprint: string): void {
  void reply.setCookie(FINGERPRINT_COOKIE, fingerprint, cookieOptions(request, config.sessionAbsoluteHours * 3600));
}

export function clearFingerprintCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(FINGERPRINT_COOKIE, { path: '/api', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https' });
}

/** Marks this browser as a known device of the account (see device-cookie.ts). */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, config: Config, username: string): void {
  const cookie = issueDeviceCookie(config.tokenSecret, username);
  void reply.setCookie(cookie.name, cookie.value, cookieOptions(request, DEVICE_COOKIE_MAX_AGE_SECONDS));
}
