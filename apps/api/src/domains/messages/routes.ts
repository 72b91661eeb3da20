import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  messageListQuerySchema,
  messageParticipantsAddSchema,
  messageReadSchema,
  messageRecipientSchema,
  messageRecipientsQuerySchema,
  messageReplyCreateSchema,
  messageThreadCreateSchema,
  messageThreadDetailSchema,
  messageThreadIdParamsSchema,
  messageThreadSummarySchema,
  messageUnreadCountSchema,
  pageOf,
} from '@grove/shared';
import { z } from 'zod';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { addParticipants, createThread, getThread, listRecipients, listThreads, markThreadRead, replyToThread, unreadThreadCount } from './service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['messages'];
// Staff, and Property Managers / Board Members (checked again per customer by the policy).
const config = { access: 'messages' } as const;

/** `/api/Messages`: conversations per customer and the staff message center. */
export const messageRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    '/api/Messages',
    {
      config,
      schema: {
        tags,
        summary: 'Conversations the caller may see (one customer, or every customer in scope): unread first, search, filters',
        querystring: messageListQuerySchema,
        response: { 200: pageOf(messageThreadSummarySchema), ...errors },
      },
    },
    async (request) => listThreads(db, requireAuth(request), request.query),
  );

  app.get(
    '/api/Messages/unread-count',
    { config, schema: { tags, summary: 'Conversations with unread messages', response: { 200: messageUnreadCountSchema, ...errors } } },
    async (request) => ({ count: await unreadThreadCount(db, requireAuth(request)) }),
  );

  app.get(
    '/api/Messages/recipients',
    {
      config,
      schema: {
        tags,
        summary: 'Property Managers and Board Members of a customer, who can take part in its conversations',
        querystring: messageRecipientsQuerySchema,
        response: { 200: z.object({ data: z.array(messageRecipientSchema) }), ...errors },
      },
    },
    async (request) => ({ data: await listRecipients(db, requireAuth(request), request.query.customerId) }),
  );

  app.post(
    '/api/Messages',
    {
      config,
      schema: {
        tags,
        summary: 'Start a conversation with a customer (its first message, attachments, participants)',
        body: messageThreadCreateSchema,
        response: { 201: messageThreadDetailSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createThread(db, requireAuth(request), request.body)),
  );

  app.get(
    '/api/Messages/:id',
    {
      config,
      schema: {
        tags,
        summary: 'A conversation with its messages (internal notes for staff only) and participants',
        params: messageThreadIdParamsSchema,
        response: { 200: messageThreadDetailSchema, ...errors },
      },
    },
    async (request) => getThread(db, requireAuth(request), request.params.id),
  );

  app.post(
    '/api/Messages/:id/replies',
    {
      config,
      schema: {
        tags,
        summary: 'Answer in a conversation; staff may write an internal note instead',
        params: messageThreadIdParamsSchema,
        body: messageReplyCreateSchema,
        response: { 201: messageThreadDetailSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await replyToThread(db, requireAuth(request), request.params.id, request.body)),
  );

  app.post(
    '/api/Messages/:id/read',
    {
      config,
      schema: { tags, summary: 'Mark the conversation read for the caller', params: messageThreadIdParamsSchema, response: { 200: messageReadSchema, ...errors } },
    },
    async (request) => markThreadRead(db, requireAuth(request), request.params.id),
  );

  app.post(
    '/api/Messages/:id/participants',
    {
      config,
      schema: {
        tags,
        summary: 'Add Property Managers or Board Members of the customer to the conversation',
        params: messageThreadIdParamsSchema,
        body: messageParticipantsAddSchema,
        response: { 200: messageThreadDetailSchema, ...errors },
      },
    },
    async (request) => addParticipants(db, requireAuth(request), request.params.id, request.body),
  );
};
