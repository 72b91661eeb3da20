import { z } from 'zod';
import { pageQuerySchema } from './common.js';

/*
 * Notification centre (issue 5). Every endpoint is for the signed-in user's own notifications:
 *   GET  /api/Notifications?page=&pageSize=&unread=true   → Page<Notification> (newest first)
 *   GET  /api/Notifications/unread-count                  → { count }
 *   POST /api/Notifications/{id}/read                     → Notification (404 for someone else's)
 *   POST /api/Notifications/read-all                      → { updated }
 *   GET  /api/Notifications/preferences                   → NotificationPreferences
 *   PUT  /api/Notifications/preferences                   NotificationPreferencesUpdate → NotificationPreferences
 * Titles and texts are rendered in the caller's language when read; `link` is an in-app path for
 * the recipient's own view (staff and customer users get different paths to the same record).
 */

/**
 * A notification kind, e.g. `service_request_created`. Each API domain declares its kinds (with
 * their audience, defaults and labels) in its module; the preferences endpoints list the kinds that
 * apply to the caller, with their labels in the caller's language.
 */
export const notificationKindSchema = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, { message: 'invalid' });
export type NotificationKind = z.infer<typeof notificationKindSchema>;
/** Upper bound of kinds in one preferences update. */
export const MAX_NOTIFICATION_KINDS = 100;

export const notificationListQuerySchema = pageQuerySchema.omit({ sort: true, search: true }).extend({
  unread: z.enum(['true', 'false']).optional().transform((value) => value === 'true'),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  /** The notification kind. */
  type: z.string(),
  title: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationIdParamsSchema = z.object({ id: z.uuid({ message: 'invalid' }) });
export const unreadCountSchema = z.object({ count: z.number().int() });
export const readAllResultSchema = z.object({ updated: z.number().int() });

/** `inApp`: show in the notification centre; `email`: also send an email. */
export const notificationPreferenceChoiceSchema = z.object({
  kind: notificationKindSchema,
  inApp: z.boolean(),
  email: z.boolean(),
});
export type NotificationPreferenceChoice = z.infer<typeof notificationPreferenceChoiceSchema>;

/** A choice as listed: with whom the kind concerns and its label in the caller's language. */
export const notificationPreferenceSchema = notificationPreferenceChoiceSchema.extend({
  audience: z.enum(['staff', 'customer']),
  title: z.string(),
  description: z.string(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** Every kind for the caller's audience, with the stored choice or the default. */
export const notificationPreferencesSchema = z.object({ data: z.array(notificationPreferenceSchema) });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** Only the kinds listed change; the answer is the full list. */
export const notificationPreferencesUpdateSchema = z.object({
  data: z.array(notificationPreferenceChoiceSchema).min(1).max(MAX_NOTIFICATION_KINDS),
});
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;
