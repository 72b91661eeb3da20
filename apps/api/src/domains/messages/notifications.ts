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
    label: {
      en: { title: 'Customer messages', text: 'A message or a colleague’s internal note in a conversation with one of your customers.' },
      zh: { title: '客户消息', text: '与您的客户的对话中有新消息或同事的内部备注。' },
      es: { title: 'Mensajes de clientes', text: 'Un mensaje o la nota interna de un colega en una conversación con uno de sus clientes.' },
      ja: { title: '顧客からのメッセージ', text: '担当顧客との会話に届いたメッセージや同僚の社内メモ。' },
      de: { title: 'Kundennachrichten', text: 'Eine Nachricht oder die interne Notiz eines Kollegen in einer Unterhaltung mit einem Ihrer Kunden.' },
      fr: { title: 'Messages des clients', text: 'Un message ou la note interne d’un collègue dans une conversation avec l’un de vos clients.' },
    },
  },
  {
    kind: 'message_reply',
    audience: 'customer',
    onlyRoles: ['Property Manager', 'Board Member'],
    label: {
      en: { title: 'Messages', text: 'A new message in a conversation you take part in.' },
      zh: { title: '消息', text: '您参与的对话中有新消息。' },
      es: { title: 'Mensajes', text: 'Un mensaje nuevo en una conversación en la que participa.' },
      ja: { title: 'メッセージ', text: '参加している会話に新しいメッセージが届いたとき。' },
      de: { title: 'Nachrichten', text: 'Eine neue Nachricht in einer Unterhaltung, an der Sie teilnehmen.' },
      fr: { title: 'Messages', text: 'Un nouveau message dans une conversation à laquelle vous participez.' },
    },
  },
];

// The text travels in `excerpt` (the whole message, shortened for very long ones).
export const messageMessages = {
  'message.new': {
    en: { title: '{{actor}} wrote: {{subject}}', text: '{{excerpt}}' },
    zh: { title: '{{actor}} 写道：{{subject}}', text: '{{excerpt}}' },
    es: { title: '{{actor}} escribió: {{subject}}', text: '{{excerpt}}' },
    ja: { title: '{{actor}} さんからのメッセージ：{{subject}}', text: '{{excerpt}}' },
    de: { title: '{{actor}} schrieb: {{subject}}', text: '{{excerpt}}' },
    fr: { title: '{{actor}} a écrit : {{subject}}', text: '{{excerpt}}' },
  },
  'message.internalNote': {
    en: { title: 'Internal note by {{actor}}: {{subject}}', text: '{{excerpt}}' },
    zh: { title: '{{actor}} 的内部备注：{{subject}}', text: '{{excerpt}}' },
    es: { title: 'Nota interna de {{actor}}: {{subject}}', text: '{{excerpt}}' },
    ja: { title: '{{actor}} さんの社内メモ：{{subject}}', text: '{{excerpt}}' },
    de: { title: 'Interne Notiz von {{actor}}: {{subject}}', text: '{{excerpt}}' },
    fr: { title: 'Note interne de {{actor}} : {{subject}}', text: '{{excerpt}}' },
  },
} satisfies Record<string, MessageCatalogue>;
