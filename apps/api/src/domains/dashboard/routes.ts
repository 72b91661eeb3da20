import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, dashboardSchema, errorResponseSchema } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { requestLanguage } from '../../http/request-language.js';
import { MODULES } from '../../modules/registry.js';
import { buildDashboard } from './service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** `/api/Dashboard`: the tiles every domain module contributes, in the caller's scope. */
export const dashboardRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/Dashboard',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['dashboard'],
        summary: 'Dashboard tiles: staff see their scope (optionally one customer); customer-side users one property (customerId required)',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema, ...errors },
      },
    },
    async (request) =>
      buildDashboard(deps.database.db, MODULES, requireAuth(request), requestLanguage(request), request.query.customerId, (error, tile) =>
        request.log.error({ err: error, tile }, 'dashboard tile failed'),
      ),
  );
};
