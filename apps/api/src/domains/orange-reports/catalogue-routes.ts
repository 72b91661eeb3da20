import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  orangeReportServiceCreateSchema,
  orangeReportServiceIdParamsSchema,
  orangeReportServiceListQuerySchema,
  orangeReportServiceListSchema,
  orangeReportServiceSchema,
  orangeReportServiceUpdateSchema,
} from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
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

  app.get(
    '/api/OrangeReportServices',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Catalogue services (retired ones only with includeRetired=true), search in every language',
        querystring: orangeReportServiceListQuerySchema,
        response: { 200: orangeReportServiceListSchema, ...errors },
      },
    },
    async (request) => ({ data: await listServices(db, request.query) }),
  );

  app.get(
    '/api/OrangeReportServices/:id',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'One catalogue service', params: orangeReportServiceIdParamsSchema, response: { 200: orangeReportServiceSchema, ...errors } },
    },
    async (request) => getService(db, request.params.id),
  );

  app.post(
    '/api/OrangeReportServices',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Add a service (System Admin)', body: orangeReportServiceCreateSchema, response: { 201: orangeReportServiceSchema, ...errors } },
    },
    async (request, reply) => {
      assertCanManageCatalogue(requireAuth(request));
      return reply.status(201).send(await createService(db, request.body));
    },
  );

  app.put(
    '/api/OrangeReportServices/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Change names, category, unit or price; retire (retired: true) or restore (System Admin)',
        params: orangeReportServiceIdParamsSchema,
        body: orangeReportServiceUpdateSchema,
        response: { 200: orangeReportServiceSchema, ...errors },
      },
    },
    async (request) => {
      assertCanManageCatalogue(requireAuth(request));
      return updateService(db, request.params.id, request.body);
    },
  );

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
