import type { Language } from '@grove/shared';

/** Each language in its own name, so a user can find theirs whatever the current language. */
export const LANGUAGE_NATIVE_NAMES: Record<Language, string> = {
  en: 'English',
  zh: '中文',
  es: 'Español',
  ja: '日本語',
  de: 'Deutsch',
  fr: 'Français',
};
