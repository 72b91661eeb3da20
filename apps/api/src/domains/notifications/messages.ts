import { LANGUAGES, type Language } from '@grove/shared';

/*
 * Notification texts in the six interface languages. A notification stores its message key and
 * parameters; title and text are rendered in the reader's language when listed, and in the
 * recipient's language for email. Other areas add their keys here.
 *
 * Parameters are plain strings/numbers, or a LocalizedText (one string per language, e.g. a status
 * label) that is resolved in the reader's language.
 */

export type LocalizedText = Record<Language, string>;
export type MessageParam = string | number | LocalizedText;
export type MessageParams = Record<string, MessageParam>;

interface MessageCopy {
  title: string;
  text: string;
}

export const MESSAGES = {
  'serviceRequest.created': {
    en: { title: 'New service request {{number}}', text: '{{actor}} filed “{{title}}” for {{customer}}.' },
    zh: { title: '新服务请求 {{number}}', text: '{{actor}} 为 {{customer}} 提交了“{{title}}”。' },
    es: { title: 'Nueva solicitud de servicio {{number}}', text: '{{actor}} registró «{{title}}» para {{customer}}.' },
    ja: { title: '新しいサービスリクエスト {{number}}', text: '{{actor}} さんが {{customer}} の「{{title}}」を登録しました。' },
    de: { title: 'Neue Serviceanfrage {{number}}', text: '{{actor}} hat „{{title}}“ für {{customer}} eingereicht.' },
    fr: { title: 'Nouvelle demande de service {{number}}', text: '{{actor}} a déposé « {{title}} » pour {{customer}}.' },
  },
  'serviceRequest.assigned': {
    en: { title: 'Service request {{number}} assigned to you', text: '{{actor}} assigned “{{title}}” ({{customer}}) to you.' },
    zh: { title: '服务请求 {{number}} 已分配给您', text: '{{actor}} 将“{{title}}”（{{customer}}）分配给了您。' },
    es: { title: 'Se le asignó la solicitud de servicio {{number}}', text: '{{actor}} le asignó «{{title}}» ({{customer}}).' },
    ja: { title: 'サービスリクエスト {{number}} が割り当てられました', text: '{{actor}} さんが「{{title}}」（{{customer}}）をあなたに割り当てました。' },
    de: { title: 'Serviceanfrage {{number}} wurde Ihnen zugewiesen', text: '{{actor}} hat Ihnen „{{title}}“ ({{customer}}) zugewiesen.' },
    fr: { title: 'La demande de service {{number}} vous a été attribuée', text: '{{actor}} vous a attribué « {{title}} » ({{customer}}).' },
  },
  'serviceRequest.status': {
    en: { title: 'Service request {{number}}: {{status}}', text: '“{{title}}” ({{customer}}) is now {{status}}.' },
    zh: { title: '服务请求 {{number}}：{{status}}', text: '“{{title}}”（{{customer}}）的状态现在是：{{status}}。' },
    es: { title: 'Solicitud de servicio {{number}}: {{status}}', text: 'El estado de «{{title}}» ({{customer}}) ahora es: {{status}}.' },
    ja: { title: 'サービスリクエスト {{number}}：{{status}}', text: '「{{title}}」（{{customer}}）のステータスが「{{status}}」になりました。' },
    de: { title: 'Serviceanfrage {{number}}: {{status}}', text: 'Der Status von „{{title}}“ ({{customer}}) ist jetzt: {{status}}.' },
    fr: { title: 'Demande de service {{number}} : {{status}}', text: 'Le statut de « {{title}} » ({{customer}}) est maintenant : {{status}}.' },
  },
  'serviceRequest.scheduled': {
    en: { title: 'Service request {{number}} scheduled for {{date}}', text: '“{{title}}” ({{customer}}) is scheduled for {{date}}.' },
    zh: { title: '服务请求 {{number}} 已安排在 {{date}}', text: '“{{title}}”（{{customer}}）已安排在 {{date}}。' },
    es: { title: 'Solicitud de servicio {{number}} programada para el {{date}}', text: '«{{title}}» ({{customer}}) está programada para el {{date}}.' },
    ja: { title: 'サービスリクエスト {{number}} は {{date}} に予定されています', text: '「{{title}}」（{{customer}}）は {{date}} に予定されています。' },
    de: { title: 'Serviceanfrage {{number}} ist für {{date}} geplant', text: '„{{title}}“ ({{customer}}) ist für {{date}} geplant.' },
    fr: { title: 'Demande de service {{number}} planifiée le {{date}}', text: '« {{title}} » ({{customer}}) est planifiée le {{date}}.' },
  },
  'serviceRequest.comment': {
    en: { title: 'New comment on service request {{number}}', text: '{{actor}} wrote: {{excerpt}}' },
    zh: { title: '服务请求 {{number}} 有新评论', text: '{{actor}} 写道：{{excerpt}}' },
    es: { title: 'Nuevo comentario en la solicitud de servicio {{number}}', text: '{{actor}} escribió: {{excerpt}}' },
    ja: { title: 'サービスリクエスト {{number}} に新しいコメント', text: '{{actor}} さんのコメント：{{excerpt}}' },
    de: { title: 'Neuer Kommentar zu Serviceanfrage {{number}}', text: '{{actor}} schrieb: {{excerpt}}' },
    fr: { title: 'Nouveau commentaire sur la demande de service {{number}}', text: '{{actor}} a écrit : {{excerpt}}' },
  },
  // Portal access (issue 4): a resident registered with the customer's code and waits for approval.
  'portal.registrationPending': {
    en: { title: 'New resident registration for {{customer}}', text: '{{name}} ({{unit}}) registered and waits for your approval in portal access.' },
    zh: { title: '{{customer}} 有新的住户注册', text: '{{name}}（{{unit}}）已注册，正在门户访问中等待您的批准。' },
    es: { title: 'Nuevo registro de residente en {{customer}}', text: '{{name}} ({{unit}}) se registró y espera su aprobación en el acceso al portal.' },
    ja: { title: '{{customer}} に新しい居住者登録', text: '{{name}} さん（{{unit}}）が登録し、ポータルアクセスで承認を待っています。' },
    de: { title: 'Neue Bewohnerregistrierung für {{customer}}', text: '{{name}} ({{unit}}) hat sich registriert und wartet im Portalzugang auf Ihre Freigabe.' },
    fr: { title: 'Nouvelle inscription de résident pour {{customer}}', text: '{{name}} ({{unit}}) s’est inscrit(e) et attend votre approbation dans l’accès au portail.' },
  },
  // Messages (issue 13): the text travels in `excerpt` (the whole message, shortened for very long ones).
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
} as const satisfies Record<string, Record<Language, MessageCopy>>;

export type MessageKey = keyof typeof MESSAGES;

/** The frame of every notification email. */
export const EMAIL_COPY: Record<Language, { greeting: (name: string) => string; open: string; why: string; turnOff: string }> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    open: 'Open in Grove',
    why: 'You receive this email because of your Grove notification settings.',
    turnOff: 'You can turn off emails of this kind in your settings.',
  },
  zh: {
    greeting: (name) => `${name}，您好：`,
    open: '在 Grove 中打开',
    why: '您收到此邮件是因为您在 Grove 中的通知设置。',
    turnOff: '您可以在设置中关闭此类邮件。',
  },
  es: {
    greeting: (name) => `Hola, ${name}:`,
    open: 'Abrir en Grove',
    why: 'Recibe este correo por su configuración de notificaciones de Grove.',
    turnOff: 'Puede desactivar los correos de este tipo en su configuración.',
  },
  ja: {
    greeting: (name) => `${name} 様`,
    open: 'Grove で開く',
    why: 'このメールは Grove の通知設定に基づいて送信されています。',
    turnOff: 'この種類のメールは設定でオフにできます。',
  },
  de: {
    greeting: (name) => `Hallo ${name},`,
    open: 'In Grove öffnen',
    why: 'Sie erhalten diese E-Mail aufgrund Ihrer Benachrichtigungseinstellungen in Grove.',
    turnOff: 'Sie können E-Mails dieser Art in Ihren Einstellungen abschalten.',
  },
  fr: {
    greeting: (name) => `Bonjour ${name},`,
    open: 'Ouvrir dans Grove',
    why: 'Vous recevez cet e-mail en raison de vos paramètres de notification Grove.',
    turnOff: 'Vous pouvez désactiver les e-mails de ce type dans vos paramètres.',
  },
};

function isLocalized(value: unknown): value is LocalizedText {
  return typeof value === 'object' && value !== null && LANGUAGES.every((lang) => typeof (value as Record<string, unknown>)[lang] === 'string');
}

function paramText(value: unknown, language: Language): string {
  if (isLocalized(value)) return value[language];
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return '';
}

function interpolate(template: string, params: Record<string, unknown>, language: Language): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => paramText(params[name], language));
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES, key);
}

/** Title and text of a stored notification in a language; an unknown key shows the key itself. */
export function renderMessage(key: string, params: Record<string, unknown>, language: Language): MessageCopy {
  if (!isMessageKey(key)) return { title: key, text: '' };
  const copy: MessageCopy = MESSAGES[key][language];
  return { title: interpolate(copy.title, params, language), text: interpolate(copy.text, params, language) };
}
