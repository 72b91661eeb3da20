import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customerIdParamsSchema,
  customerZoneListSchema,
  customerZoneParamsSchema,
  customerZoneSchema,
  customerZoneWriteSchema,
  errorResponseSchema,
} from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { assertCustomerInScope } from '../scope/index.js';
import { assertCustomerEditRight } from './policy.js';
import { createZone, deleteZone, listZones, updateZone } from './zones-service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const tags = ['customers'];

/**
 * Zones of the customer map. Everyone who sees the customer reads them (the customer view shows the
 * map read-only); editors and the customer's Account Manager draw, change and delete them.
 */
export const customerZoneRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    '/api/Customers/:id/zones',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Zones of the customer map, by name', params: customerIdParamsSchema, response: { 200: customerZoneListSchema, ...errors } },
    },
    async (request) => {
      await assertCustomerInScope(db, requireAuth(request), request.params.id);
      return { data: await listZones(db, request.params.id) };
    },
  );

  app.post(
    '/api/Customers/:id/zones',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Draw a zone; its area is computed by the server',
        params: customerIdParamsSchema,
        body: customerZoneWriteSchema,
        response: { 201: customerZoneSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireAuth(request);
      await assertCustomerEditRight(db, user, request.params.id, 'any');
      return reply.status(201).send(await createZone(db, request.params.id, user.id, request.body));
    },
  );

  app.put(
    '/api/Customers/:id/zones/:zoneId',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Replace a zone (name, kind, colour, shape)', params: customerZoneParamsSchema, body: customerZoneWriteSchema, response: { 200: customerZoneSchema, ...errors } },
    },
    async (request) => {
      await assertCustomerEditRight(db, requireAuth(request), request.params.id, 'any');
      return updateZone(db, request.params.id, request.params.zoneId, request.body);
    },
  );

  app.delete(
    '/api/Customers/:id/zones/:zoneId',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Delete a zone', params: customerZoneParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await assertCustomerEditRight(db, requireAuth(request), request.params.id, 'any');
      await deleteZone(db, request.params.id, request.params.zoneId);
      return reply.status(204).send(null);
    },
  );
};
