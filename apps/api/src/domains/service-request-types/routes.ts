import type { FastifyPluginAsync } from 'fastify';
import { SERVICE_REQUEST_TYPES_ENDPOINTS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { ensureReferenceData } from './defaults.js';
import { assertCanManageReferenceData } from './policy.js';
import {
  createPriority,
  createType,
  deletePriority,
  deleteType,
  listPriorities,
  listTypes,
  updatePriority,
  updateType,
} from './service.js';

/**
 * `/api/ServiceRequestTypes` and `/api/ServiceRequestPriorities`: read by everyone signed in (the
 * request forms), changed by System Admin (route key `staff`, then the System Admin policy → 403).
 */
export const serviceRequestReferenceRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  await ensureReferenceData(db);

  route(app, SERVICE_REQUEST_TYPES_ENDPOINTS.listTypes, async (request) => ({ data: await listTypes(db, request.query.includeRetired) }));

  route(app, SERVICE_REQUEST_TYPES_ENDPOINTS.createType, async (request) => {
    assertCanManageReferenceData(requireAuth(request));
    return createType(db, request.body);
  });

  route(app, SERVICE_REQUEST_TYPES_ENDPOINTS.updateType, async (request) => {
    assertCanManageReferenceData(requireAuth(request));
    return updateType(db, request.params.id, request.body);
  });

  route(app, SERVICE_REQUEST_TYPES_ENDPOINTS.removeType, async (request) => {
    assertCanManageReferenceData(requireAuth(request));
    await deleteType(db, request.params.id);
  });

  route(app, SERVICE_REQUEST_TYPES_ENDPOINTS.listPriorities, async (request) => ({ data: await listPriorities(db, request.query.includeRetired) }));

  route(app, SERVICE_REQUEST_TYPES_ENDPOINTS.createPriority, async (request) => {
    assertCanManageReferenceData(requireAuth(request));
    return createPriority(db, request.body);
  });

  route(app, SERVICE_REQUEST_TYPES_ENDPOINTS.updatePriority, async (request) => {
    assertCanManageReferenceData(requireAuth(request));
    return updatePriority(db, request.params.id, request.body);
  });

  route(app, SERVICE_REQUEST_TYPES_ENDPOINTS.removePriority, async (request) => {
    assertCanManageReferenceData(requireAuth(request));
    await deletePriority(db, request.params.id);
  });
};
