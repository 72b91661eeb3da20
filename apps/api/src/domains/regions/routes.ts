import type { FastifyPluginAsync } from 'fastify';
import { REGIONS_ENDPOINTS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { assertCan } from './policy.js';
import { createBranch, createRegion, listBranches, listRegions, updateBranch, updateRegion } from './service.js';

/** Regions and branches: every staff member reads them (filters, forms); only System Admin edits them. */
export const regionRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const systemAdminOnly = async (request: Parameters<typeof requireAuth>[0]) => assertCan(requireAuth(request), 'manage');

  route(app, REGIONS_ENDPOINTS.listRegions, async () => ({ data: await listRegions(db) }));

  route(app, REGIONS_ENDPOINTS.createRegion, async (request) => createRegion(db, request.body), { preValidation: systemAdminOnly });

  route(app, REGIONS_ENDPOINTS.updateRegion, async (request) => updateRegion(db, request.params.id, request.body), { preValidation: systemAdminOnly });

  route(app, REGIONS_ENDPOINTS.listBranches, async (request) => ({ data: await listBranches(db, request.query.regionId) }));

  route(app, REGIONS_ENDPOINTS.createBranch, async (request) => createBranch(db, request.body), { preValidation: systemAdminOnly });

  route(app, REGIONS_ENDPOINTS.updateBranch, async (request) => updateBranch(db, request.params.id, request.body), { preValidation: systemAdminOnly });
};
