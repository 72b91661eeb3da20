import type { FastifyPluginAsync } from 'fastify';
import { CONTENT_ENDPOINTS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { assertMay } from './policy.js';
import { contentFeed, createContent, deleteContent, getContent, listContent, recordOpen, setPublished, updateContent } from './service.js';

/** `/api/Content`: staff write announcements and articles; customer-side users read those meant for them. */
export const contentRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
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

  route(fastify, CONTENT_ENDPOINTS.delete, async (request) => {
    assertMay(requireAuth(request), 'manage');
    await deleteContent(db, request.params.id);
  });

  route(fastify, CONTENT_ENDPOINTS.open, async (request) => {
    const user = requireAuth(request);
    assertMay(user, 'read');
    await recordOpen(db, user, request.params.id);
  });
};
