import type { FastifyPluginAsync } from 'fastify';
import { ACCOUNT_ENDPOINTS } from '@grove/shared';
import { notFound } from '../../http/errors.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { PASSWORD_CHANGED_TEXT, changePassword, updateProfile, type AuthDeps } from './service.js';
import { loadProfile } from './users.js';

/** The signed-in user's own account: profile and password. */
export const meRoutes: FastifyPluginAsync<{ auth: AuthDeps }> = async (app, { auth }) => {
  route(app, ACCOUNT_ENDPOINTS.profile, async (request) => {
    const profile = await loadProfile(auth.db, requireAuth(request).id);
    if (!profile) throw notFound();
    return profile;
  });

  route(app, ACCOUNT_ENDPOINTS.updateProfile, async (request) => {
    const profile = await updateProfile(auth.db, requireAuth(request).id, request.body);
    if (!profile) throw notFound();
    return profile;
  });

  route(app, ACCOUNT_ENDPOINTS.changePassword, async (request) => {
    const caller = requireAuth(request);
    await changePassword(auth, caller.id, caller.sessionId, request.body, request.ip);
    return { message: PASSWORD_CHANGED_TEXT };
  });
};
