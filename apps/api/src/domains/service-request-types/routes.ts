import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  referenceListQuerySchema,
  serviceRequestIdParamsSchema,
  serviceRequestPriorityCreateSchema,
  serviceRequestPriorityListSchema,
  serviceRequestPrioritySchema,
  serviceRequestPriorityUpdateSchema,
  serviceRequestTypeCreateSchema,
  serviceRequestTypeListSchema,
  serviceRequestTypeSchema,
  serviceRequestTypeUpdateSchema,
} from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
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

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/**
 * `/api/ServiceRequestTypes` and `/api/ServiceRequestPriorities`: read by everyone signed in (the
 * request forms), changed by System Admin (route key `staff`, then the System Admin policy → 403).
 */
export const serviceRequestReferenceRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  await ensureReferenceData(db);

  app.get(
    '/api/ServiceRequestTypes',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['service requests'],
        summary: 'Service request types (retired ones only with includeRetired=true)',
        querystring: referenceListQuerySchema,
        response: { 200: serviceRequestTypeListSchema, ...errors },
      },
    },
    async (request) => ({ data: await listTypes(db, request.query.includeRetired) }),
  );

  app.post(
    '/api/ServiceRequestTypes',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['service requests'],
        summary: 'Add a type (System Admin)',
        body: serviceRequestTypeCreateSchema,
        response: { 201: serviceRequestTypeSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertCanManageReferenceData(requireAuth(request));
      return reply.status(201).send(await createType(db, request.body));
    },
  );

  app.put(
    '/api/ServiceRequestTypes/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['service requests'],
        summary: 'Rename, reorder, retire (retired: true) or restore a type (System Admin)',
        params: serviceRequestIdParamsSchema,
        body: serviceRequestTypeUpdateSchema,
        response: { 200: serviceRequestTypeSchema, ...errors },
      },
    },
    async (request) => {
      assertCanManageReferenceData(requireAuth(request));
      return updateType(db, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/ServiceRequestTypes/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['service requests'],
        summary: 'Delete an unused type (System Admin); 409 when requests use it',
        params: serviceRequestIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      assertCanManageReferenceData(requireAuth(request));
      await deleteType(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/ServiceRequestPriorities',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['service requests'],
        summary: 'Priorities with their SLA targets, most urgent first',
        querystring: referenceListQuerySchema,
        response: { 200: serviceRequestPriorityListSchema, ...errors },
      },
    },
    async (request) => ({ data: await listPriorities(db, request.query.includeRetired) }),
  );

  app.post(
    '/api/ServiceRequestPriorities',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['service requests'],
        summary: 'Add a priority (System Admin)',
        body: serviceRequestPriorityCreateSchema,
        response: { 201: serviceRequestPrioritySchema, ...errors },
      },
    },
    async (request, reply) => {
      assertCanManageReferenceData(requireAuth(request));
      return reply.status(201).send(await createPriority(db, request.body));
    },
  );

  app.put(
    '/api/ServiceRequestPriorities/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['service requests'],
        summary: 'Change a priority’s name, rank, targets or clock, retire or restore it (System Admin)',
        params: serviceRequestIdParamsSchema,
        body: serviceRequestPriorityUpdateSchema,
        response: { 200: serviceRequestPrioritySchema, ...errors },
      },
    },
    async (request) => {
      assertCanManageReferenceData(requireAuth(request));
      return updatePriority(db, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/ServiceRequestPriorities/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['service requests'],
        summary: 'Delete an unused priority (System Admin); 409 when requests use it',
        params: serviceRequestIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      assertCanManageReferenceData(requireAuth(request));
      await deletePriority(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
