import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { PORTAL_ACCESS_ENDPOINTS, type PortalUser } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { checkUserExists } from './check-user-exists.js';
import { baseUrlOf } from './invitations.js';
import { answerJoinRequest, listJoinRequests } from './join-requests.js';
import { assertPortalManager } from './policy.js';
import { getPortalUserDetail, listPortalUsers } from './service.js';
import {
  approvePortalUser,
  createPortalUser,
  disablePortalUser,
  enablePortalUser,
  resendInvitation,
  setAccountActive,
  updatePortalUser,
  type PortalContext,
} from './write-service.js';

/**
 * A customer's portal users (staff and customer views share these calls; see
 * packages/shared/src/schemas/portal-access.ts for who may). Every call checks scope (404) and the
 * portal-manager right (403) before anything else.
 */
export const portalAccessRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  async function managerContext(request: FastifyRequest, customerId: string): Promise<PortalContext> {
    const user = requireAuth(request);
    const manager = await assertPortalManager(db, user, customerId);
    return { db, baseUrl: baseUrlOf(deps.config, request), actor: { id: user.id, ip: request.ip, roles: user.roles, language: user.language }, customerId, manager };
  }
  const viewer = (ctx: PortalContext) => (ctx.manager === 'staff' ? 'staff' : 'customer');

  route(app, PORTAL_ACCESS_ENDPOINTS.list, async (request) => {
    const ctx = await managerContext(request, request.params.id);
    return listPortalUsers(db, request.params.id, request.query, viewer(ctx));
  });

  route(app, PORTAL_ACCESS_ENDPOINTS.create, async (request) => {
    const ctx = await managerContext(request, request.params.id);
    return createPortalUser(ctx, request.body, requireAuth(request).language);
  });

  route(app, PORTAL_ACCESS_ENDPOINTS.detail, async (request) => {
    const ctx = await managerContext(request, request.params.id);
    return getPortalUserDetail(db, request.params.id, request.params.userId, viewer(ctx), ctx.actor.language);
  });

  route(app, PORTAL_ACCESS_ENDPOINTS.update, async (request) => updatePortalUser(await managerContext(request, request.params.id), request.params.userId, request.body));

  const action = (endpoint: (typeof PORTAL_ACCESS_ENDPOINTS)['approve'], run: (ctx: PortalContext, userId: string) => Promise<PortalUser>) =>
    route(app, endpoint, async (request) => run(await managerContext(request, request.params.id), request.params.userId));
  action(PORTAL_ACCESS_ENDPOINTS.resendInvitation, resendInvitation);
  action(PORTAL_ACCESS_ENDPOINTS.disable, disablePortalUser);
  action(PORTAL_ACCESS_ENDPOINTS.enable, enablePortalUser);
  action(PORTAL_ACCESS_ENDPOINTS.approve, approvePortalUser);
  action(PORTAL_ACCESS_ENDPOINTS.disableAccount, (ctx, userId) => setAccountActive(ctx, userId, false));
  action(PORTAL_ACCESS_ENDPOINTS.enableAccount, (ctx, userId) => setAccountActive(ctx, userId, true));

  route(app, PORTAL_ACCESS_ENDPOINTS.joinRequests, async (request) => ({ data: await listJoinRequests(db, requireAuth(request).id) }));

  for (const [endpoint, accept] of [
    [PORTAL_ACCESS_ENDPOINTS.acceptJoinRequest, true],
    [PORTAL_ACCESS_ENDPOINTS.declineJoinRequest, false],
  ] as const) {
    route(app, endpoint, async (request) => {
      await answerJoinRequest(db, { id: requireAuth(request).id, ip: request.ip }, request.params.customerId, accept);
    });
  }

  route(app, PORTAL_ACCESS_ENDPOINTS.checkUserExists, async (request) => checkUserExists(db, requireAuth(request), request.query));
};
