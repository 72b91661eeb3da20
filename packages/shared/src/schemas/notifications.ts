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
 * Kinds a user can tune (in the notification centre and by email):
 * - service_request_created: staff on the customer's team (and its account manager): a new request.
 * - service_request_assigned: staff: a request was assigned to you.
 * - service_request_customer_activity: the assignee (the account manager while unassigned): a
 *   customer user commented on, confirmed closed, reopened or cancelled a request.
 * - service_request_update: the requester: status changes and visible comments on your request.
 * - service_request_property_update: the other users of the customer: status changes and visible
 *   comments on any request of the property. Off by default except for Property Managers.
 * - customer_message: staff on the customer's team: a message (or a colleague's internal note) in a
 *   conversation with the customer.
 * - message_reply: customer users taking part in a conversation: a new message in it.
 */
export const NOTIFICATION_KINDS = [
  'service_request_created',
  'service_request_assigned',
  'service_request_customer_activity',
  'service_request_update',
  'service_request_property_update',
  'customer_message',
  'message_reply',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Which audience a kind concerns, so settings screens show only the relevant rows. */
export const NOTIFICATION_KIND_AUDIENCE: Record<NotificationKind, 'staff' | 'customer'> = {
  service_request_created: 'staff',
  service_request_assigned: 'staff',
  service_request_customer_activity: 'staff',
  service_request_update: 'customer',
  service_request_property_update: 'customer',
  customer_message: 'staff',
  message_reply: 'customer',
};

/** Kinds only some roles of their audience can receive (customer messages: spec §6). */
export const NOTIFICATION_KIND_ROLES: Partial<Record<NotificationKind, readonly string[]>> = {
  message_reply: ['Property Manager', 'Board Member'],
};

export const notificationListQuerySchema = pageQuerySchema.omit({ sort: true, search: true }).extend({
  unread: z.enum(['true', 'false']).optional().transform((value) => value === 'true'),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  /** A kind of NOTIFICATION_KINDS (other areas add theirs). */
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
export const notificationPreferenceSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  inApp: z.boolean(),
  email: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** Every kind for the caller's audience, with the stored choice or the default. */
export const notificationPreferencesSchema = z.object({ data: z.array(notificationPreferenceSchema) });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** Only the kinds listed change; the answer is the full list. */
export const notificationPreferencesUpdateSchema = z.object({
  data: z.array(notificationPreferenceSchema).min(1).max(NOTIFICATION_KINDS.length),
});
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;
