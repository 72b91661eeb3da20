import type { FastifyPluginAsync } from 'fastify';
import { CONTENT_ENDPOINTS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { assertMay } from './policy.js';
import { audienceOptions, contentFeed, createContent, deleteContent, getContent, listContent, recordOpen, setPublished, updateContent } from './service.js';

/**
 * `/api/Content`: staff write announcements and articles within their scope (decision 041) and see
 * those reaching their customers; customer-side users read those meant for them. Item routes answer
 * 404 for an item the caller does not find in their list, 403 for one they find view only.
 */
export const contentRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const { db } = deps.database;

  route(fastify, CONTENT_ENDPOINTS.list, (request) => {
    const user = requireAuth(request);
    assertMay(user, 'view');
    return listContent(db, user, request.query);
  });

  route(fastify, CONTENT_ENDPOINTS.audienceOptions, (request) => {
    const user = requireAuth(request);
    assertMay(user, 'view');
    return audienceOptions(db, user);
  });

  route(fastify, CONTENT_ENDPOINTS.feed, async (request) => {
    const user = requireAuth(request);
    assertMay(user, 'read');
    return { data: await contentFeed(db, user, request.query.customerId) };
  });

  route(fastify, CONTENT_ENDPOINTS.get, (request) => {
    const user = requireAuth(request);
    assertMay(user, 'view');
    return getContent(db, user, request.params.id);
  });

  route(fastify, CONTENT_ENDPOINTS.create, (request) => {
    const user = requireAuth(request);
    assertMay(user, 'manage');
    return createContent(db, user, request.body);
  });

  route(fastify, CONTENT_ENDPOINTS.update, (request) => {
    const user = requireAuth(request);
    assertMay(user, 'view');
    return updateContent(db, user, request.params.id, request.body);
  });

  route(fastify, CONTENT_ENDPOINTS.publish, (request) => {
    const user = requireAuth(request);
    assertMay(user, 'view');
    return setPublished(db, user, request.params.id, true);
  });

  route(fastify, CONTENT_ENDPOINTS.unpublish, (request) => {
    const user = requireAuth(request);
    assertMay(user, 'view');
    return setPublished(db, user, request.params.id, false);
  });

  route(fastify, CONTENT_ENDPOINTS.delete, async (request) => {
    const user = requireAuth(request);
    assertMay(user, 'view');
    await deleteContent(db, user, request.params.id);
  });

  route(fastify, CONTENT_ENDPOINTS.open, async (request) => {
    const user = requireAuth(request);
    assertMay(user, 'read');
    await recordOpen(db, user, request.params.id);
  });
};
