import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AUTH_ENDPOINTS, LOGIN_FAILED_TEXT } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { route } from '../../http/endpoint.js';
import { bearerToken, requireAuth, resolveSession } from '../../http/authenticate.js';
import { linkBaseUrl } from '../../http/host-check.js';
import { recordAudit } from '../audit/index.js';
import { clearFingerprintCookie, setDeviceCookie, setFingerprintCookie } from './cookies.js';
import { knownDevice } from './device-cookie.js';
import { accountLimitKey } from './login-throttle.js';
import { accountSecurityRoutes } from './account-security-routes.js';
import { meRoutes } from './me-routes.js';
import { createRateLimitStore } from './rate-limit-store.js';
import { RATE_LIMITS, RateLimiter, type LimitCheck } from './rate-limits.js';
import {
  FORGOT_PASSWORD_TEXT,
  RESET_DONE_TEXT,
  isResetCodeValid,
  resetPassword,
  sendPasswordReset,
  completeTwoFactorSignIn,
  signIn,
  startSignInEnrolment,
  type AuthDeps,
  type RequestMeta,
} from './service.js';
import { renewSession, revokeSession } from './sessions.js';
import { FINGERPRINT_COOKIE, hashFingerprint } from './tokens.js';
import { loadSessionUser, normalizeUsername } from './users.js';

const LOGIN_FAILURE = { message: LOGIN_FAILED_TEXT, error: 'invalid_grant', error_description: LOGIN_FAILED_TEXT };

function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'], cookies: request.cookies };
}

/**
 * Sign-in, refresh, logout, forgot/reset password and the signed-in user's own account
 * (`/api/Users/me`). One rate-limit store serves them all; it is closed with the app.
 */
export const authRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { config } = deps;
  const db = deps.database.db;
  const store = createRateLimitStore({
    redisUrl: config.redisUrl,
    onError: (error) => app.log.warn({ err: error }, 'rate-limit store (Redis) connection error'),
  });
  const auth: AuthDeps = { db, config, limiter: new RateLimiter(store, app.log), log: app.log };
  const { limiter } = auth;

  // Reset emails are sent after the answer; shutdown waits for those still on their way.
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
    await store.close();
  });

  /** Account-wide limits are skipped by a known device of that account (see rate-limits.ts). */
  function accountLimits(request: FastifyRequest, prefix: string, email: string, rule: LimitCheck['rule']): LimitCheck[] {
    const username = normalizeUsername(email);
    if (knownDevice(request.cookies, config.tokenSecret, username)) return [];
    return [{ key: accountLimitKey(prefix, username), rule }];
  }

  route(app, AUTH_ENDPOINTS.signIn, async (request, reply) => {
    const result = await signIn(auth, request.body, requestMeta(request));
    if (!result) return reply.status(400).send(LOGIN_FAILURE);
    if (result.kind === 'twoFactor') {
      return { twoFactor: result.twoFactor, challenge: result.challenge, expiresAt: result.expiresAt.toISOString() };
    }
    setFingerprintCookie(request, reply, config, result.issued.fingerprint);
    setDeviceCookie(request, reply, config, result.username);
    return { token: result.issued.token, expiresAt: result.issued.expiresAt.toISOString(), user: result.user };
  });

  route(app, AUTH_ENDPOINTS.signInTwoFactor, async (request, reply) => {
    const result = await completeTwoFactorSignIn(auth, request.body, requestMeta(request));
    setFingerprintCookie(request, reply, config, result.issued.fingerprint);
    setDeviceCookie(request, reply, config, result.username);
    return {
      token: result.issued.token,
      expiresAt: result.issued.expiresAt.toISOString(),
      user: result.user,
      ...(result.recoveryCodes ? { recoveryCodes: result.recoveryCodes } : {}),
    };
  });

  route(app, AUTH_ENDPOINTS.signInTwoFactorSetup, async (request) => startSignInEnrolment(auth, request.body.challenge, request.ip));

  route(app, AUTH_ENDPOINTS.refresh, async (request, reply) => {
    const failures: LimitCheck = { key: `refresh:fail-ip:${request.ip}`, rule: RATE_LIMITS.refreshFailuresPerIp };
    await limiter.assertUnder([failures]);
    await limiter.consume([{ key: `refresh:ip:${request.ip}`, rule: RATE_LIMITS.refreshPerIp }]);
    const token = bearerToken(request);
    const fingerprint = request.cookies[FINGERPRINT_COOKIE];
    // An expired token still names its session; the session's idle and absolute limits decide.
    const caller = token ? await resolveSession(db, config, token, fingerprint, { allowExpired: true }) : null;
    const user = caller ? await loadSessionUser(db, caller.id) : null;
    if (!caller || !user || !fingerprint) {
      await limiter.count([failures]);
      return reply.status(401).send({ message: LOGIN_FAILED_TEXT });
    }
    await limiter.consume([{ key: accountLimitKey('refresh', caller.id), rule: RATE_LIMITS.refreshPerAccount }]);
    const renewed = await renewSession(db, config, caller.id, caller.sessionId, hashFingerprint(fingerprint));
    return { token: renewed.token, expiresAt: renewed.expiresAt.toISOString(), user };
  });

  route(app, AUTH_ENDPOINTS.logout, async (request, reply) => {
    const caller = requireAuth(request);
    await revokeSession(db, caller.sessionId, 'logout');
    await recordAudit(db, { action: 'logout', actorId: caller.id, subjectUserId: caller.id, ip: request.ip, detail: { sessionId: caller.sessionId } });
    clearFingerprintCookie(request, reply, config);
  });

  route(app, AUTH_ENDPOINTS.forgotPassword, async (request) => {
    const { email } = request.body;
    await limiter.consume([
      { key: `forgot:ip:${request.ip}`, rule: RATE_LIMITS.forgotPerIp },
      ...accountLimits(request, 'forgot', email, RATE_LIMITS.forgotPerAccount),
    ]);
    const baseUrl = linkBaseUrl(config, request);
    const task: Promise<void> = sendPasswordReset(auth, email, baseUrl, request.ip)
      .catch((error: unknown) => request.log.error({ err: error }, 'password reset email failed'))
      .finally(() => pending.delete(task));
    pending.add(task);
    return { message: FORGOT_PASSWORD_TEXT };
  });

  route(app, AUTH_ENDPOINTS.resetPassword, async (request) => {
    await limiter.consume([
      { key: `reset:ip:${request.ip}`, rule: RATE_LIMITS.resetPerIp },
      ...accountLimits(request, 'reset', request.body.email, RATE_LIMITS.resetPerAccount),
    ]);
    await resetPassword(auth, request.body, request.ip);
    return { message: RESET_DONE_TEXT };
  });

  route(app, AUTH_ENDPOINTS.checkResetCode, async (request) => {
    await limiter.consume([
      { key: `reset:ip:${request.ip}`, rule: RATE_LIMITS.resetPerIp },
      ...accountLimits(request, 'reset-check', request.body.email, RATE_LIMITS.resetPerAccount),
    ]);
    return { valid: await isResetCodeValid(auth, request.body) };
  });

  await app.register(meRoutes, { auth });
  await app.register(accountSecurityRoutes, { auth });
};
