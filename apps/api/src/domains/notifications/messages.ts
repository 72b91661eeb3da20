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
