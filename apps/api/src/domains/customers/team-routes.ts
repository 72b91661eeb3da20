import type { FastifyPluginAsync } from 'fastify';
import { CUSTOMERS_ENDPOINTS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { assertCustomerInScope } from '../scope/index.js';
import { assertCustomerEditRight } from './policy.js';
import { loadTeam } from './service.js';
import { addTeamMember, removeTeamMember } from './team-service.js';

/**
 * `addYnMember`: Grove staff on the customer's team. Staff in scope read it; editors and the
 * customer's Account Manager change it. Only active staff can be added (400 on `userId`).
 */
export const customerTeamRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  route(app, CUSTOMERS_ENDPOINTS.team, async (request) => {
    await assertCustomerInScope(db, requireAuth(request), request.params.id);
    return { data: await loadTeam(db, request.params.id) };
  });

  route(app, CUSTOMERS_ENDPOINTS.addTeamMember, async (request) => {
    const user = requireAuth(request);
    await assertCustomerEditRight(db, user, request.params.id, 'any');
    return { data: await addTeamMember(db, { id: user.id, ip: request.ip }, request.params.id, request.body) };
  });

  route(app, CUSTOMERS_ENDPOINTS.removeTeamMember, async (request) => {
    const user = requireAuth(request);
    await assertCustomerEditRight(db, user, request.params.id, 'any');
    await removeTeamMember(db, { id: user.id, ip: request.ip }, request.params.id, request.params.userId);
  });
};
