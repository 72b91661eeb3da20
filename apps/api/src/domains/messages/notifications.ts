import { perLanguage } from '../../lib/i18n.js';
import type { MessageCatalogue, NotificationKindDefinition } from '../../modules/domain-module.js';

/*
 * Notification kinds of messages (issue 13) and their texts:
 * - customer_message: staff on the customer's team: a message (or a colleague's internal note) in a
 *   conversation with the customer.
 * - message_reply: customer users taking part in a conversation: a new message in it. Only the roles
 *   that may use messages (spec §6: Property Managers and Board Members) see it in their settings.
 */

export const messageNotificationKinds: readonly NotificationKindDefinition[] = [
  {
    kind: 'customer_message',
    audience: 'staff',
    label: perLanguage('server/messages:kinds.customer_message.label'),
  },
  {
    kind: 'message_reply',
    audience: 'customer',
    onlyRoles: ['Property Manager', 'Board Member'],
    label: perLanguage('server/messages:kinds.message_reply.label'),
  },
];

// The text travels in `excerpt` (the whole message, shortened for very long ones).
export const messageMessages = {
  'message.new': perLanguage('server/messages:messages.message.new'),
  'message.internalNote': perLanguage('server/messages:messages.message.internalNote'),
} satisfies Record<string, MessageCatalogue>;
