import { PassThrough } from 'node:stream';
import { sendCsv } from '../../lib/download.js';
import type { FastifyPluginAsync } from 'fastify';
import { CUSTOMERS_ENDPOINTS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { createCustomer, updateCustomer } from './customer-write.js';
import { exportCustomersCsv } from './export-csv.js';
import { getCustomerOverview } from './overview-service.js';
import { getCustomer, listCustomers } from './service.js';
import { customerSettingsRoutes } from './settings-routes.js';
import { customerTeamRoutes } from './team-routes.js';
import { customerZoneRoutes } from './zones-routes.js';

/**
 * Customers (scoped by the caller's roles, see scope/customer-scope.ts; who may edit: policy.ts),
 * with their settings, map zones and team as sub-plugins.
 */
export const customerRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  route(app, CUSTOMERS_ENDPOINTS.list, async (request) => listCustomers(db, requireAuth(request), request.query));

  route(app, CUSTOMERS_ENDPOINTS.exportCsv, async (request, reply) => {
    const user = requireAuth(request);
    const day = new Date().toISOString().slice(0, 10);
    // Streamed as it is read (decision 029): no row cap, flat memory.
    const out = new PassThrough();
    exportCustomersCsv(db, deps.database.kind, user, request.query, out).then(
      () => out.end(),
      (error: unknown) => {
        request.log.warn({ err: error }, 'customer export stopped');
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return sendCsv(reply, out, `customers-${day}.csv`);
  });

  route(app, CUSTOMERS_ENDPOINTS.create, async (request) => createCustomer(db, requireAuth(request), request.body));

  route(app, CUSTOMERS_ENDPOINTS.detail, async (request) => getCustomer(db, requireAuth(request), request.params.id));

  route(app, CUSTOMERS_ENDPOINTS.update, async (request) => updateCustomer(db, requireAuth(request), request.params.id, request.body));

  route(app, CUSTOMERS_ENDPOINTS.overview, async (request) => getCustomerOverview(db, requireAuth(request), request.params.id));

  await app.register(customerSettingsRoutes, { deps });
  await app.register(customerZoneRoutes, { deps });
  await app.register(customerTeamRoutes, { deps });
};
