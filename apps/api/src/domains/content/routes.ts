import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contentFeedItemSchema,
  contentFeedQuerySchema,
  contentInputSchema,
  contentItemSchema,
  contentListQuerySchema,
  errorResponseSchema,
  idSchema,
  pageOf,
} from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { assertMay } from './policy.js';
import { contentFeed, createContent, deleteContent, getContent, listContent, recordOpen, setPublished, updateContent } from './service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['content'];
const params = z.object({ id: idSchema });

/** `/api/Content`: staff write announcements and articles; customer-side users read those meant for them. */
export const contentRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    '/api/Content',
    {
      config: { access: 'staff' },
      schema: { tags, summary: 'Announcements and articles, newest change first, with reach', querystring: contentListQuerySchema, response: { 200: pageOf(contentItemSchema), ...errors } },
    },
    async (request) => {
      assertMay(requireAuth(request), 'manage');
      return listContent(db, request.query);
    },
  );

  app.get(
    '/api/Content/feed',
    {
      config: { access: 'customer' },
      schema: { tags, summary: 'What the caller may read at one property now', querystring: contentFeedQuerySchema, response: { 200: z.object({ data: z.array(contentFeedItemSchema) }), ...errors } },
    },
    async (request) => {
      const user = requireAuth(request);
      assertMay(user, 'read');
      return { data: await contentFeed(db, user, request.query.customerId) };
    },
  );

  app.get(
    '/api/Content/:id',
    { config: { access: 'staff' }, schema: { tags, summary: 'One item', params, response: { 200: contentItemSchema, ...errors } } },
    async (request) => {
      assertMay(requireAuth(request), 'manage');
      return getContent(db, request.params.id);
    },
  );

  app.post(
    '/api/Content',
    { config: { access: 'staff' }, schema: { tags, summary: 'A new draft', body: contentInputSchema, response: { 201: contentItemSchema, ...errors } } },
    async (request, reply) => {
      const user = requireAuth(request);
      assertMay(user, 'manage');
      return reply.code(201).send(await createContent(db, user, request.body));
    },
  );

  app.put(
    '/api/Content/:id',
    { config: { access: 'staff' }, schema: { tags, summary: 'Change an item (published ones change in place)', params, body: contentInputSchema, response: { 200: contentItemSchema, ...errors } } },
    async (request) => {
      const user = requireAuth(request);
      assertMay(user, 'manage');
      return updateContent(db, user, request.params.id, request.body);
    },
  );

  app.post(
    '/api/Content/:id/publish',
    { config: { access: 'staff' }, schema: { tags, summary: 'Publish (shown from its publish date until it expires)', params, response: { 200: contentItemSchema, ...errors } } },
    async (request) => {
      assertMay(requireAuth(request), 'manage');
      return setPublished(db, request.params.id, true);
    },
  );

  app.post(
    '/api/Content/:id/unpublish',
    { config: { access: 'staff' }, schema: { tags, summary: 'Back to draft (hidden from customers)', params, response: { 200: contentItemSchema, ...errors } } },
    async (request) => {
      assertMay(requireAuth(request), 'manage');
      return setPublished(db, request.params.id, false);
    },
  );

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
