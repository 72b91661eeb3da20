import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  pageOf,
  planTemplateCopySchema,
  planTemplateCreateSchema,
  planTemplateIdParamsSchema,
  planTemplateInputSchema,
  planTemplateListQuerySchema,
  planTemplateSchema,
  planTemplateSummarySchema,
} from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
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

  app.get(
    '/api/quarterlyPlanTemplates',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Global templates; with customerId also that customer’s own (customer’s first)',
        querystring: planTemplateListQuerySchema,
        response: { 200: pageOf(planTemplateSummarySchema), ...errors },
      },
    },
    async (request) => listTemplates(db, requireAuth(request), request.query),
  );

  app.get(
    '/api/quarterlyPlanTemplates/:id',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'One template with its items', params: planTemplateIdParamsSchema, response: { 200: planTemplateSchema, ...errors } },
    },
    async (request) => getTemplate(db, requireAuth(request), request.params.id),
  );

  app.post(
    '/api/quarterlyPlanTemplates',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Create a global template (restricted roles) or, with customerId, a customer’s own',
        body: planTemplateCreateSchema,
        response: { 201: planTemplateSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createTemplate(db, requireAuth(request), request.body)),
  );

  app.put(
    '/api/quarterlyPlanTemplates/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Replace name, season, region, description and items',
        params: planTemplateIdParamsSchema,
        body: planTemplateInputSchema,
        response: { 200: planTemplateSchema, ...errors },
      },
    },
    async (request) => updateTemplate(db, requireAuth(request), request.params.id, request.body),
  );

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

  app.post(
    '/api/quarterlyPlanTemplates/:id/copy',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Copy a template for one customer (its zones picked by the zone kinds of each item)',
        params: planTemplateIdParamsSchema,
        body: planTemplateCopySchema,
        response: { 201: planTemplateSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await copyTemplate(db, requireAuth(request), request.params.id, request.body)),
  );
};
