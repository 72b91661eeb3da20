import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ORANGE_REPORT_SERVICE_ENDPOINTS, errorResponseSchema, orangeReportServiceIdParamsSchema } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { createService, deleteService, getService, listServices, updateService } from './catalogue-service.js';
import { assertCanManageCatalogue } from './policy.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ['orange reports'];

/**
 * `/api/OrangeReportServices`: read by staff (report, plan and proposal forms), changed by System
 * Admin (route key `staff`, then the policy → 403). Customer users see services only inside the
 * reports and proposals they may read.
 */
export const orangeReportServiceRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  route(fastify, ORANGE_REPORT_SERVICE_ENDPOINTS.list, async (request) => ({ data: await listServices(db, request.query) }));

  route(fastify, ORANGE_REPORT_SERVICE_ENDPOINTS.get, (request) => getService(db, request.params.id));

  route(fastify, ORANGE_REPORT_SERVICE_ENDPOINTS.create, (request) => {
    assertCanManageCatalogue(requireAuth(request));
    return createService(db, request.body);
  });

  route(fastify, ORANGE_REPORT_SERVICE_ENDPOINTS.update, (request) => {
    assertCanManageCatalogue(requireAuth(request));
    return updateService(db, request.params.id, request.body);
  });

  app.delete(
    '/api/OrangeReportServices/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Delete an unused service (System Admin); 409 when in use (retire it instead)',
        params: orangeReportServiceIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      assertCanManageCatalogue(requireAuth(request));
      await deleteService(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
