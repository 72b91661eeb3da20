import type { FastifyPluginAsync } from 'fastify';
import { ORANGE_REPORT_SERVICE_ENDPOINTS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { createService, deleteService, getService, listServices, updateService } from './catalogue-service.js';
import { assertCanManageCatalogue } from './policy.js';

/**
 * `/api/OrangeReportServices`: read by staff (report, plan and proposal forms), changed by System
 * Admin (route key `staff`, then the policy → 403). Customer users see services only inside the
 * reports and proposals they may read.
 */
export const orangeReportServiceRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
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

  route(fastify, ORANGE_REPORT_SERVICE_ENDPOINTS.delete, async (request) => {
    assertCanManageCatalogue(requireAuth(request));
    await deleteService(db, request.params.id);
  });
};
