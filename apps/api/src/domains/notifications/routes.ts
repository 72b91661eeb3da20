import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
  notificationSchema,
  pageOf,
  readAllResultSchema,
  unreadCountSchema,
} from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { getPreferences, savePreferences } from './preferences.js';
import { listNotifications, markAllRead, markRead, unreadCount } from './service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** `/api/Notifications`: the caller's own notification centre. Nobody reads another user's notifications. */
export const notificationRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    '/api/Notifications',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first (unread=true for unread only)',
        querystring: notificationListQuerySchema,
        response: { 200: pageOf(notificationSchema), ...errors },
      },
    },
    async (request) => listNotifications(db, requireAuth(request), request.query),
  );

  app.get(
    '/api/Notifications/unread-count',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['notifications'], summary: 'How many of my notifications are unread (the bell)', response: { 200: unreadCountSchema, ...errors } },
    },
    async (request) => ({ count: await unreadCount(db, requireAuth(request).id) }),
  );

  app.post(
    '/api/Notifications/read-all',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['notifications'], summary: 'Mark all my notifications read', response: { 200: readAllResultSchema, ...errors } },
    },
    async (request) => ({ updated: await markAllRead(db, requireAuth(request).id) }),
  );

  app.post(
    '/api/Notifications/:id/read',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of my notifications read',
        params: notificationIdParamsSchema,
        response: { 200: notificationSchema, ...errors },
      },
    },
    async (request) => markRead(db, requireAuth(request), request.params.id),
  );

  app.get(
    '/api/Notifications/preferences',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['notifications'],
        summary: 'My choices per notification kind (notification centre and email)',
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => ({ data: await getPreferences(db, requireAuth(request)) }),
  );

  app.put(
    '/api/Notifications/preferences',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['notifications'],
        summary: 'Change my choices for the listed kinds',
        body: notificationPreferencesUpdateSchema,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => ({ data: await savePreferences(db, requireAuth(request), request.body.data) }),
  );
};
