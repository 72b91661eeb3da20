import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@grove/shared';

/** A stored language preference as one of the six interface languages (anything else → English). */
export function toLanguage(value: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}
