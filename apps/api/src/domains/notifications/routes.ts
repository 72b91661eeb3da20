import type { FastifyPluginAsync } from 'fastify';
import { NOTIFICATIONS_ENDPOINTS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { getPreferences, savePreferences } from './preferences.js';
import { listNotifications, markAllRead, markRead, unreadCount } from './service.js';

/** `/api/Notifications`: the caller's own notification centre. Nobody reads another user's notifications. */
export const notificationRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

  route(app, NOTIFICATIONS_ENDPOINTS.list, async (request) => listNotifications(db, requireAuth(request), request.query));

  route(app, NOTIFICATIONS_ENDPOINTS.unreadCount, async (request) => ({ count: await unreadCount(db, requireAuth(request).id) }));

  route(app, NOTIFICATIONS_ENDPOINTS.readAll, async (request) => ({ updated: await markAllRead(db, requireAuth(request).id) }));

  route(app, NOTIFICATIONS_ENDPOINTS.read, async (request) => markRead(db, requireAuth(request), request.params.id));

  route(app, NOTIFICATIONS_ENDPOINTS.preferences, async (request) => ({ data: await getPreferences(db, requireAuth(request)) }));

  route(app, NOTIFICATIONS_ENDPOINTS.updatePreferences, async (request) => ({ data: await savePreferences(db, requireAuth(request), request.body.data) }));
};
