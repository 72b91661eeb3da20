import type { FastifyPluginAsync } from 'fastify';
import { ACCOUNT_ENDPOINTS, isSystemAdmin } from '@grove/shared';
import { forbidden, notFound } from '../../http/errors.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { recordAudit } from '../audit/index.js';
import { clearFingerprintCookie } from './cookies.js';
import type { AuthDeps } from './service.js';
import { listLiveSessions, revokeOwnSession, revokeUserSessions } from './sessions.js';
import {
  TWO_FACTOR_CODE_INVALID_TEXT,
  codeFailureCounter,
  confirmTotpSetup,
  disableTwoFactor,
  loadSignInPolicy,
  regenerateRecoveryCodes,
  saveSignInPolicy,
  startTotpSetup,
  twoFactorStatus,
} from './two-factor.js';
import { badRequest } from '../../http/errors.js';


/**
 * The signed-in user's sign-in security: two-factor sign-in, live sessions (revoke one, sign out
 * everywhere), and the company sign-in policy (System Admin). Decision 025.
 */
export const accountSecurityRoutes: FastifyPluginAsync<{ auth: AuthDeps }> = async (app, { auth }) => {
  const { db, config } = auth;

  route(app, ACCOUNT_ENDPOINTS.twoFactor, async (request) => twoFactorStatus(db, requireAuth(request).id));

  route(app, ACCOUNT_ENDPOINTS.twoFactorSetup, async (request) => startTotpSetup(auth, requireAuth(request).id));

  route(app, ACCOUNT_ENDPOINTS.twoFactorConfirm, async (request) => {
    const caller = requireAuth(request);
    const counter = codeFailureCounter(caller.id);
    await auth.limiter.assertUnder([counter]);
    const recoveryCodes = await confirmTotpSetup(auth, caller.id, request.body.code, request.ip);
    if (!recoveryCodes) {
      await auth.limiter.count([counter]);
      throw badRequest({ code: [TWO_FACTOR_CODE_INVALID_TEXT] }, TWO_FACTOR_CODE_INVALID_TEXT);
    }
    return { recoveryCodes };
  });

  route(app, ACCOUNT_ENDPOINTS.recoveryCodes, async (request) => ({ recoveryCodes: await regenerateRecoveryCodes(auth, requireAuth(request).id, request.body.code, request.ip) }));

  route(app, ACCOUNT_ENDPOINTS.twoFactorDisable, async (request) => {
    const caller = requireAuth(request);
    await disableTwoFactor(auth, caller.id, request.body.currentPassword, request.ip);
    return twoFactorStatus(db, caller.id);
  });

  route(app, ACCOUNT_ENDPOINTS.sessions, async (request) => {
    const caller = requireAuth(request);
    const rows = await listLiveSessions(db, config, caller.id);
    return {
      data: rows.map((row) => ({
        id: row.id,
        userAgent: row.userAgent,
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.id === caller.sessionId,
      })),
    };
  });

  route(app, ACCOUNT_ENDPOINTS.endSession, async (request, reply) => {
    const caller = requireAuth(request);
    if (!(await revokeOwnSession(db, caller.id, request.params.sessionId))) throw notFound();
    await recordAudit(db, { action: 'session.revoked', actorId: caller.id, subjectUserId: caller.id, ip: request.ip, detail: { sessionId: request.params.sessionId } });
    if (request.params.sessionId === caller.sessionId) clearFingerprintCookie(request, reply, config);
  });

  route(app, ACCOUNT_ENDPOINTS.signOutEverywhere, async (request, reply) => {
    const caller = requireAuth(request);
    const ended = await revokeUserSessions(db, caller.id, 'signed_out_everywhere');
    await recordAudit(db, { action: 'session.signed_out_everywhere', actorId: caller.id, subjectUserId: caller.id, ip: request.ip, detail: { ended } });
    clearFingerprintCookie(request, reply, config);
  });

  route(app, ACCOUNT_ENDPOINTS.signInPolicy, async () => loadSignInPolicy(db));

  route(app, ACCOUNT_ENDPOINTS.updateSignInPolicy, async (request) => {
    const caller = requireAuth(request);
    if (!isSystemAdmin(caller.roles)) throw forbidden();
    return saveSignInPolicy(db, caller.id, request.body, request.ip);
  });
};
