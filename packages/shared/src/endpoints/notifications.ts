import { defineEndpoint } from '../contract.js';
import { pageOf } from '../schemas/common.js';
import { notificationIdParamsSchema, notificationListQuerySchema, notificationPreferencesSchema, notificationPreferencesUpdateSchema, notificationSchema, readAllResultSchema, unreadCountSchema } from '../schemas/notifications.js';

const tags = ['notifications'] as const;

/** `/api/Notifications`: the caller's own notification centre and preferences. */
export const NOTIFICATIONS_ENDPOINTS = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/Notifications',
    access: 'authenticated',
    tags,
    summary: 'My notifications, newest first (unread=true for unread only)',
    query: notificationListQuerySchema,
    response: pageOf(notificationSchema),
  }),
  unreadCount: defineEndpoint({
    method: 'GET',
    path: '/api/Notifications/unread-count',
    access: 'authenticated',
    tags,
    summary: 'How many of my notifications are unread (the bell)',
    response: unreadCountSchema,
  }),
  readAll: defineEndpoint({
    method: 'POST',
    path: '/api/Notifications/read-all',
    access: 'authenticated',
    tags,
    summary: 'Mark all my notifications read',
    response: readAllResultSchema,
  }),
  read: defineEndpoint({
    method: 'POST',
    path: '/api/Notifications/:id/read',
    access: 'authenticated',
    tags,
    summary: 'Mark one of my notifications read',
    params: notificationIdParamsSchema,
    response: notificationSchema,
  }),
  preferences: defineEndpoint({
    method: 'GET',
    path: '/api/Notifications/preferences',
    access: 'authenticated',
    tags,
    summary: 'My choices per notification kind (notification centre and email)',
    response: notificationPreferencesSchema,
  }),
  updatePreferences: defineEndpoint({
    method: 'PUT',
    path: '/api/Notifications/preferences',
    access: 'authenticated',
    tags,
    summary: 'Change my choices for the listed kinds',
    body: notificationPreferencesUpdateSchema,
    response: notificationPreferencesSchema,
  }),
};
