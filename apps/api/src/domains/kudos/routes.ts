import type { FastifyPluginAsync } from 'fastify';
import { KUDOS_ENDPOINTS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { kudosCounts, listKudos, listRecipients, sendKudos } from './service.js';

/** `/api/Kudos`, registered from the shared contract (packages/shared/src/endpoints/kudos.ts). */
export const kudosRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  route(app, KUDOS_ENDPOINTS.list, (request) => listKudos(db, requireAuth(request), request.query));
  route(app, KUDOS_ENDPOINTS.recipients, async (request) => ({ data: await listRecipients(db, requireAuth(request), request.query.customerId) }));
  route(app, KUDOS_ENDPOINTS.counts, async (request) => ({ data: await kudosCounts(db, requireAuth(request), request.query.userIds) }));
  route(app, KUDOS_ENDPOINTS.send, (request) => sendKudos(db, requireAuth(request), request.body));
};
