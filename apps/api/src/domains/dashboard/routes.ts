import type { FastifyPluginAsync } from 'fastify';
import { DASHBOARD_ENDPOINTS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { requestLanguage } from '../../http/request-language.js';
import { MODULES } from '../../modules/registry.js';
import { buildDashboard } from './service.js';

/** `/api/Dashboard`: the tiles every domain module contributes, in the caller's scope. */
export const dashboardRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  route(app, DASHBOARD_ENDPOINTS.get, async (request) =>
    buildDashboard(deps.database.db, MODULES, requireAuth(request), requestLanguage(request), request.query.customerId, (error, tile) =>
      request.log.error({ err: error, tile }, 'dashboard tile failed'),
    ));
};
