import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  kudosCountsQuerySchema,
  kudosCountsSchema,
  kudosCreateSchema,
  kudosListQuerySchema,
  kudosRecipientSchema,
  kudosRecipientsQuerySchema,
  kudosSchema,
  pageOf,
} from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { kudosCounts, listKudos, listRecipients, sendKudos } from './service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['kudos'];

/** `/api/Kudos`: customer users thank the crew; staff see the kudos of their customers. */
export const kudosRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    '/api/Kudos',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Kudos, newest first: staff see those of customers in scope (by customer or recipient), customer users those they sent',
        querystring: kudosListQuerySchema,
        response: { 200: pageOf(kudosSchema), ...errors },
      },
    },
    async (request) => listKudos(db, requireAuth(request), request.query),
  );

  app.get(
    '/api/Kudos/recipients',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'The Grove team of a customer, who can be thanked',
        querystring: kudosRecipientsQuerySchema,
        response: { 200: z.object({ data: z.array(kudosRecipientSchema) }), ...errors },
      },
    },
    async (request) => ({ data: await listRecipients(db, requireAuth(request), request.query.customerId) }),
  );

  app.get(
    '/api/Kudos/counts',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'How many kudos each staff member received (customers in scope)', querystring: kudosCountsQuerySchema, response: { 200: kudosCountsSchema, ...errors } },
    },
    async (request) => ({ data: await kudosCounts(db, requireAuth(request), request.query.userIds) }),
  );

  app.post(
    '/api/Kudos',
    {
      config: { access: 'customer' },
      schema: { tags, summary: 'Thank a team member or the whole crew', body: kudosCreateSchema, response: { 201: kudosSchema, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await sendKudos(db, requireAuth(request), request.body)),
  );
};
