import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, VALIDATION_TEXTS, type Language } from '@grove/shared';
import { setApiLanguage } from './api-client';

/**
 * i18next over every `src/locales/<lang>/<namespace>.json` (each feature owns its namespace
 * files). Bundles load per language on demand: English (the fallback) and the chosen one.
 * `common` is the default namespace and holds the route titles (`routes.*`).
 */
type Bundle = Record<string, unknown>;

const bundleLoaders = import.meta.glob<Bundle>('../locales/*/*.json', { import: 'default' });

function parseBundlePath(path: string): { lang: string; ns: string } | null {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { lang: match[1]!, ns: match[2]! } : null;
}

export const NAMESPACES: readonly string[] = [
  ...new Set(
    Object.keys(bundleLoaders)
      .map(parseBundlePath)
      .filter((entry) => entry?.lang === DEFAULT_LANGUAGE)
      .map((entry) => entry!.ns),
  ),
].sort();

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** True when the user picked a language on this browser (it then wins over the profile's). */
export function hasStoredLanguage(): boolean {
  try {
    return isLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return false;
  }
}

const loaded = new Set<string>();

async function loadLanguage(lang: Language): Promise<void> {
  if (loaded.has(lang)) return;
  const entries = Object.entries(bundleLoaders).filter(([path]) => parseBundlePath(path)?.lang === lang);
  await Promise.all(
    entries.map(async ([path, load]) => {
      const { ns } = parseBundlePath(path)!;
      i18n.addResourceBundle(lang, ns, await load(), true, true);
    }),
  );
  // The spec §5 validation texts are shared with the API, which answers field errors in them.
  i18n.addResourceBundle(lang, 'common', { validation: VALIDATION_TEXTS[lang] }, true, true);
  loaded.add(lang);
}

function applyLanguage(lang: Language): void {
  setApiLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

let initializing: Promise<typeof i18n> | null = null;

export function initI18n(lang: Language = storedLanguage()): Promise<typeof i18n> {
  initializing ??= (async () => {
    await i18n.use(initReactI18next).init({
      lng: lang,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      fallbackNS: 'common',
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { bindI18nStore: 'added' },
    });
    await loadLanguage(DEFAULT_LANGUAGE);
    if (lang !== DEFAULT_LANGUAGE) await loadLanguage(lang);
    applyLanguage(lang);
    return i18n;
  })();
  return initializing;
}

/** Switches the interface language now and remembers it in this browser. */
export async function changeLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  await i18n.changeLanguage(lang);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  applyLanguage(lang);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export { i18n };
