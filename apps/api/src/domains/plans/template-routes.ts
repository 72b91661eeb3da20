import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PLAN_TEMPLATE_ENDPOINTS, errorResponseSchema, planTemplateIdParamsSchema } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { copyTemplate, createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './template-service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const tags = ['plan templates'];

/**
 * `/api/quarterlyPlanTemplates` (spec §7 base path): staff only. Global templates are written by
 * the planTemplates roles (the policy answers 403 to other staff); a customer's by staff in scope.
 */
export const planTemplateRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  route(fastify, PLAN_TEMPLATE_ENDPOINTS.list, (request) => listTemplates(db, requireAuth(request), request.query));

  route(fastify, PLAN_TEMPLATE_ENDPOINTS.get, (request) => getTemplate(db, requireAuth(request), request.params.id));

  route(fastify, PLAN_TEMPLATE_ENDPOINTS.create, (request) => createTemplate(db, requireAuth(request), request.body));

  route(fastify, PLAN_TEMPLATE_ENDPOINTS.update, (request) => updateTemplate(db, requireAuth(request), request.params.id, request.body));

  app.delete(
    '/api/quarterlyPlanTemplates/:id',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Delete a template (plans made from it keep their items)', params: planTemplateIdParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteTemplate(db, requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  route(fastify, PLAN_TEMPLATE_ENDPOINTS.copy, (request) => copyTemplate(db, requireAuth(request), request.params.id, request.body));
};
