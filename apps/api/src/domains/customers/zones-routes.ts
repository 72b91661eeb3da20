import type { FastifyPluginAsync } from 'fastify';
import { CUSTOMERS_ENDPOINTS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { assertCustomerInScope } from '../scope/index.js';
import { assertCustomerEditRight } from './policy.js';
import { createZone, deleteZone, listZones, updateZone } from './zones-service.js';

/**
 * Zones of the customer map. Everyone who sees the customer reads them (the customer view shows the
 * map read-only); editors and the customer's Account Manager draw, change and delete them.
 */
export const customerZoneRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  route(app, CUSTOMERS_ENDPOINTS.zones, async (request) => {
    await assertCustomerInScope(db, requireAuth(request), request.params.id);
    return { data: await listZones(db, request.params.id) };
  });

  route(app, CUSTOMERS_ENDPOINTS.createZone, async (request) => {
    const user = requireAuth(request);
    await assertCustomerEditRight(db, user, request.params.id, 'any');
    return createZone(db, request.params.id, user.id, request.body);
  });

  route(app, CUSTOMERS_ENDPOINTS.updateZone, async (request) => {
    await assertCustomerEditRight(db, requireAuth(request), request.params.id, 'any');
    return updateZone(db, request.params.id, request.params.zoneId, request.body);
  });

  route(app, CUSTOMERS_ENDPOINTS.removeZone, async (request) => {
    await assertCustomerEditRight(db, requireAuth(request), request.params.id, 'any');
    await deleteZone(db, request.params.id, request.params.zoneId);
  });
};
