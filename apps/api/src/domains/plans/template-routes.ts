import type { FastifyPluginAsync } from 'fastify';
import { PLAN_TEMPLATE_ENDPOINTS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { copyTemplate, createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './template-service.js';

/**
 * `/api/quarterlyPlanTemplates` (spec §7 base path): staff only. Global templates are written by
 * the planTemplates roles (the policy answers 403 to other staff); a customer's by staff in scope.
 */
export const planTemplateRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const { db } = deps.database;

  route(fastify, PLAN_TEMPLATE_ENDPOINTS.list, (request) => listTemplates(db, requireAuth(request), request.query));

  route(fastify, PLAN_TEMPLATE_ENDPOINTS.get, (request) => getTemplate(db, requireAuth(request), request.params.id));

  route(fastify, PLAN_TEMPLATE_ENDPOINTS.create, (request) => createTemplate(db, requireAuth(request), request.body));

  route(fastify, PLAN_TEMPLATE_ENDPOINTS.update, (request) => updateTemplate(db, requireAuth(request), request.params.id, request.body));

  route(fastify, PLAN_TEMPLATE_ENDPOINTS.delete, async (request) => {
    await deleteTemplate(db, requireAuth(request), request.params.id);
  });

  route(fastify, PLAN_TEMPLATE_ENDPOINTS.copy, (request) => copyTemplate(db, requireAuth(request), request.params.id, request.body));
};
