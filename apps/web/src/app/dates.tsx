import { useEffect, useState, type ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '@grove/shared';
import { isLanguage } from './i18n';

dayjs.extend(customParseFormat);
dayjs.extend(localizedFormat);

/**
 * Date pickers speak the interface language (issue 17 §9): the dayjs locale of each language, loaded
 * when the language is first chosen (English is built in), and the week starting on that locale's day.
 */
export const DAYJS_LOCALES: Record<Language, string> = { en: 'en', zh: 'zh-cn', es: 'es', ja: 'ja', de: 'de', fr: 'fr' };

const loaders: Record<Exclude<Language, 'en'>, () => Promise<unknown>> = {
  zh: () => import('dayjs/locale/zh-cn'),
  es: () => import('dayjs/locale/es'),
  ja: () => import('dayjs/locale/ja'),
  de: () => import('dayjs/locale/de'),
  fr: () => import('dayjs/locale/fr'),
};

const ready = new Set<Language>(['en']);

export async function loadDatesLocale(lang: Language): Promise<void> {
  if (ready.has(lang) || lang === 'en') return;
  await loaders[lang]();
  ready.add(lang);
}

function weekStart(locale: string): 0 | 1 {
  const start = (dayjs.Ls[locale] as { weekStart?: number } | undefined)?.weekStart;
  return start === 1 ? 1 : 0;
}

/** Wraps the app: every date input below follows the i18next language. */
export function DatesLocaleProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const wanted: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [lang, setLang] = useState<Language>(ready.has(wanted) ? wanted : DEFAULT_LANGUAGE);
  useEffect(() => {
    let live = true;
    void loadDatesLocale(wanted).then(
      () => live && setLang(wanted),
      () => undefined, // Offline without the chunk: the pickers stay in English until it loads.
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  const locale = DAYJS_LOCALES[lang];
  return <DatesProvider settings={{ locale, firstDayOfWeek: weekStart(locale) }}>{children}</DatesProvider>;
}
