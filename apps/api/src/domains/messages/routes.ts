import type { FastifyPluginAsync } from 'fastify';
import { MESSAGE_ENDPOINTS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { addParticipants, createThread, getThread, listRecipients, listThreads, markThreadRead, replyToThread, unreadThreadCount } from './service.js';

/**
 * `/api/Messages`: conversations per customer and the staff message center, registered from the
 * shared contract (packages/shared/src/endpoints/messages.ts).
 */
export const messageRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const { db } = deps.database;

  route(fastify, MESSAGE_ENDPOINTS.list, (request) => listThreads(db, requireAuth(request), request.query));

  route(fastify, MESSAGE_ENDPOINTS.unreadCount, async (request) => ({ count: await unreadThreadCount(db, requireAuth(request)) }));

  route(fastify, MESSAGE_ENDPOINTS.recipients, async (request) => ({ data: await listRecipients(db, requireAuth(request), request.query.customerId) }));

  route(fastify, MESSAGE_ENDPOINTS.create, (request) => createThread(db, requireAuth(request), request.body));

  route(fastify, MESSAGE_ENDPOINTS.get, (request) => getThread(db, requireAuth(request), request.params.id));

  route(fastify, MESSAGE_ENDPOINTS.reply, (request) => replyToThread(db, requireAuth(request), request.params.id, request.body));

  route(fastify, MESSAGE_ENDPOINTS.markRead, (request) => markThreadRead(db, requireAuth(request), request.params.id));

  route(fastify, MESSAGE_ENDPOINTS.addParticipants, (request) => addParticipants(db, requireAuth(request), request.params.id, request.body));
};
