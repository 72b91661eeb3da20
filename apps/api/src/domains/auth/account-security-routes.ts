import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  disableTwoFactorRequestSchema,
  isSystemAdmin,
  recoveryCodesSchema,
  signInPolicySchema,
  signOutEverywhereRequestSchema,
  totpCodeRequestSchema,
  totpSetupSchema,
  twoFactorStatusSchema,
  userSessionListSchema,
} from '@grove/shared';
import { forbidden, notFound } from '../../http/errors.js';
import { requireAuth } from '../../http/authenticate.js';
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

const sessionParams = z.object({ sessionId: z.uuid() });

/**
 * The signed-in user's sign-in security: two-factor sign-in, live sessions (revoke one, sign out
 * everywhere), and the company sign-in policy (System Admin). Decision 025.
 */
export const accountSecurityRoutes: FastifyPluginAsync<{ auth: AuthDeps }> = async (fastify, { auth }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = auth;

  app.get(
    '/api/Users/me/two-factor',
    { config: { access: 'authenticated' }, schema: { tags: ['users'], summary: 'Whether my two-factor sign-in is on', response: { 200: twoFactorStatusSchema } } },
    async (request) => twoFactorStatus(db, requireAuth(request).id),
  );

  app.post(
    '/api/Users/me/two-factor/setup',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['users'], summary: 'A new authenticator secret (QR code); on once confirmed with a code', response: { 200: totpSetupSchema } },
    },
    async (request) => startTotpSetup(auth, requireAuth(request).id),
  );

  app.post(
    '/api/Users/me/two-factor/confirm',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'Turn two-factor sign-in on with the first code from the app; answers the recovery codes (shown once)',
        body: totpCodeRequestSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const counter = codeFailureCounter(caller.id);
      await auth.limiter.assertUnder([counter]);
      const recoveryCodes = await confirmTotpSetup(auth, caller.id, request.body.code, request.ip);
      if (!recoveryCodes) {
        await auth.limiter.count([counter]);
        throw badRequest({ code: [TWO_FACTOR_CODE_INVALID_TEXT] }, TWO_FACTOR_CODE_INVALID_TEXT);
      }
      return { recoveryCodes };
    },
  );

  app.post(
    '/api/Users/me/two-factor/recovery-codes',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['users'], summary: 'New recovery codes (the old ones stop working); needs a current code', body: totpCodeRequestSchema, response: { 200: recoveryCodesSchema } },
    },
    async (request) => ({ recoveryCodes: await regenerateRecoveryCodes(auth, requireAuth(request).id, request.body.code, request.ip) }),
  );

  app.post(
    '/api/Users/me/two-factor/disable',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['users'], summary: 'Turn two-factor sign-in off (current password required)', body: disableTwoFactorRequestSchema, response: { 200: twoFactorStatusSchema } },
    },
    async (request) => {
      const caller = requireAuth(request);
      await disableTwoFactor(auth, caller.id, request.body.currentPassword, request.ip);
      return twoFactorStatus(db, caller.id);
    },
  );

  app.get(
    '/api/Users/me/sessions',
    { config: { access: 'authenticated' }, schema: { tags: ['users'], summary: 'My live sign-in sessions', response: { 200: userSessionListSchema } } },
    async (request) => {
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
    },
  );

  app.delete(
    '/api/Users/me/sessions/:sessionId',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['users'], summary: 'End one of my sessions (its tokens stop working at once)', params: sessionParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      if (!(await revokeOwnSession(db, caller.id, request.params.sessionId))) throw notFound();
      await recordAudit(db, { action: 'session.revoked', actorId: caller.id, subjectUserId: caller.id, ip: request.ip, detail: { sessionId: request.params.sessionId } });
      if (request.params.sessionId === caller.sessionId) clearFingerprintCookie(request, reply, config);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/Users/me/sessions/sign-out-everywhere',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['users'], summary: 'End every session of mine, this one included', body: signOutEverywhereRequestSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const ended = await revokeUserSessions(db, caller.id, 'signed_out_everywhere');
      await recordAudit(db, { action: 'session.signed_out_everywhere', actorId: caller.id, subjectUserId: caller.id, ip: request.ip, detail: { ended } });
      clearFingerprintCookie(request, reply, config);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/SignInPolicy',
    { config: { access: 'staff' }, schema: { tags: ['users'], summary: 'Company sign-in policy', response: { 200: signInPolicySchema } } },
    async () => loadSignInPolicy(db),
  );

  app.put(
    '/api/SignInPolicy',
    {
      config: { access: 'staff' },
      schema: { tags: ['users'], summary: 'Change the company sign-in policy (System Admin)', body: signInPolicySchema, response: { 200: signInPolicySchema } },
    },
    async (request) => {
      const caller = requireAuth(request);
      if (!isSystemAdmin(caller.roles)) throw forbidden();
      return saveSignInPolicy(db, caller.id, request.body, request.ip);
    },
  );
};
