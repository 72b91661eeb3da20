import { LANGUAGES, type Language } from '@grove/shared';
import { notificationMessage } from '../../modules/catalog.js';
import type { MessageCopy } from '../../modules/domain-module.js';

/*
 * Notification texts in the six interface languages. A notification stores its message key and
 * parameters; title and text are rendered in the reader's language when listed, and in the
 * recipient's language for email. Each domain brings its texts in its module's
 * `notificationMessages` (modules/domain-module.ts).
 *
 * Parameters are plain strings/numbers, or a LocalizedText (one string per language, e.g. a status
 * label) that is resolved in the reader's language.
 */

export type LocalizedText = Record<Language, string>;
export type MessageParam = string | number | LocalizedText;
export type MessageParams = Record<string, MessageParam>;


/** A key of some module's `notificationMessages`. */
export type MessageKey = string;

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

export function isMessageKey(key: string): boolean {
  return notificationMessage(key) !== undefined;
}

/** Title and text of a stored notification in a language; an unknown key shows the key itself. */
export function renderMessage(key: string, params: Record<string, unknown>, language: Language): MessageCopy {
  const catalogue = notificationMessage(key);
  if (!catalogue) return { title: key, text: '' };
  const copy = catalogue[language];
  return { title: interpolate(copy.title, params, language), text: interpolate(copy.text, params, language) };
}
