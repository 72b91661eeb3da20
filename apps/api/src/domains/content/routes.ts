import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_ENDPOINTS, errorResponseSchema, idSchema } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { assertMay } from './policy.js';
import { contentFeed, createContent, deleteContent, getContent, listContent, recordOpen, setPublished, updateContent } from './service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['content'];
const params = z.object({ id: idSchema });

/** `/api/Content`: staff write announcements and articles; customer-side users read those meant for them. */
export const contentRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  route(fastify, CONTENT_ENDPOINTS.list, (request) => {
    assertMay(requireAuth(request), 'manage');
    return listContent(db, request.query);
  });

  route(fastify, CONTENT_ENDPOINTS.feed, async (request) => {
    const user = requireAuth(request);
    assertMay(user, 'read');
    return { data: await contentFeed(db, user, request.query.customerId) };
  });

  route(fastify, CONTENT_ENDPOINTS.get, (request) => {
    assertMay(requireAuth(request), 'manage');
    return getContent(db, request.params.id);
  });

  route(fastify, CONTENT_ENDPOINTS.create, (request) => {
    const user = requireAuth(request);
    assertMay(user, 'manage');
    return createContent(db, user, request.body);
  });

  route(fastify, CONTENT_ENDPOINTS.update, (request) => {
    const user = requireAuth(request);
    assertMay(user, 'manage');
    return updateContent(db, user, request.params.id, request.body);
  });

  route(fastify, CONTENT_ENDPOINTS.publish, (request) => {
    assertMay(requireAuth(request), 'manage');
    return setPublished(db, request.params.id, true);
  });

  route(fastify, CONTENT_ENDPOINTS.unpublish, (request) => {
    assertMay(requireAuth(request), 'manage');
    return setPublished(db, request.params.id, false);
  });

  app.delete(
    '/api/Content/:id',
    { config: { access: 'staff' }, schema: { tags, summary: 'Delete an item and its reach', params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      assertMay(requireAuth(request), 'manage');
      await deleteContent(db, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/Content/:id/open',
    { config: { access: 'customer' }, schema: { tags, summary: 'Record that the caller opened an item (once per person)', params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const user = requireAuth(request);
      assertMay(user, 'read');
      await recordOpen(db, user, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
