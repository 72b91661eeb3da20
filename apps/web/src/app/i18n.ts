import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, type Language } from '@grove/shared';
import { BUNDLE_LOADERS, CORE_NAMESPACES, NAMESPACE_BUNDLES } from 'virtual:route-namespaces';
import { setApiLanguage } from './api-client';

/**
 * i18next over the web's namespaces of the one translation catalogue the API shares (decision 035):
 * `packages/shared/src/locales/<lang>/<namespace>.json`, each feature owning its namespace files;
 * the server's own namespaces (`<lang>/server/*.json`: emails, PDFs, notification texts) are outside
 * this glob, so they never reach a web chunk. Only the current language is loaded, and of it only the namespaces a screen needs
 * (decision 028): `common`, `errors` and `validation` at start; a route loads its screen's namespaces beside its
 * page chunk (`loadNamespaces`, the list comes from build/route-namespaces.ts); any other
 * `useTranslation('ns')` loads its namespace on first use and suspends until it is there, so no
 * raw key is ever shown. `common` is the default namespace and holds the route titles (`routes.*`).
 */
type Bundle = Record<string, unknown>;

const bundleLoaders = import.meta.glob<Bundle>('../../../../packages/shared/src/locales/*/*.json', { import: 'default' });

/** Loaded at start: the frame's texts, route titles, validation and error texts (build/route-namespaces.ts). */
export { CORE_NAMESPACES };

/** The bundle (one chunk per language) that holds a namespace, if any (decision 045). */
const bundleOf = new Map(Object.entries(NAMESPACE_BUNDLES).flatMap(([name, namespaces]) => namespaces.map((ns) => [ns, name] as const)));
const bundles = new Map<string, Promise<Record<string, Bundle>>>();

/** One download per language and bundle, however many of its namespaces i18next asks for at once. */
function readFromBundle(lang: string, name: string, ns: string): Promise<Bundle> | null {
  const load = BUNDLE_LOADERS[`${lang}/${name}`];
  if (!load) return null;
  const key = `${lang}/${name}`;
  let pending = bundles.get(key);
  if (!pending) {
    pending = load().then((module) => module.default);
    // A failed download is retried on the next read, not remembered.
    pending.catch(() => bundles.delete(key));
    bundles.set(key, pending);
  }
  return pending.then((bundle) => {
    const texts = bundle[ns];
    if (!texts) throw new Error(`No translations for ${lang}/${ns}`);
    return texts;
  });
}

function parseBundlePath(path: string): { lang: string; ns: string } | null {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { lang: match[1]!, ns: match[2]! } : null;
}

async function readBundle(lang: string, ns: string): Promise<Bundle> {
  const name = bundleOf.get(ns);
  const bundled = name ? readFromBundle(lang, name, ns) : null;
  if (bundled) return bundled;
  const load = bundleLoaders[`../../../../packages/shared/src/locales/${lang}/${ns}.json`];
  if (!load) throw new Error(`No translations for ${lang}/${ns}`);
  return load();
}

/** i18next backend over the bundled JSON chunks: one small chunk per language and namespace. */
const chunkBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lang, ns, callback) {
    readBundle(lang, ns).then(
      (bundle) => callback(null, bundle as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

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

/** Loads namespaces of the current language (a route's, before its screen renders). */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  if (!i18n.isInitialized || namespaces.every((ns) => i18n.hasLoadedNamespace(ns))) return Promise.resolve();
  return i18n.loadNamespaces([...namespaces]);
}

/** Every namespace of a language (tests, and the parity checks that render every key). */
export async function loadAllNamespaces(lang: Language): Promise<void> {
  await Promise.all(NAMESPACES.map(async (ns) => i18n.addResourceBundle(lang, ns, await readBundle(lang, ns), true, true)));
}

function applyLanguage(lang: Language): void {
  setApiLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

let initializing: Promise<typeof i18n> | null = null;

/** Starts i18next in `lang` with the core namespaces and `alsoLoad` (the first screen's, decision 032). */
export function initI18n(lang: Language = storedLanguage(), alsoLoad: readonly string[] = []): Promise<typeof i18n> {
  initializing ??= (async () => {
    await i18n
      .use(chunkBackend)
      .use(initReactI18next)
      .init({
        lng: lang,
        // Only the chosen language is downloaded: the parity test keeps every key in all six.
        fallbackLng: false,
        supportedLngs: [...LANGUAGES],
        ns: [...new Set([...CORE_NAMESPACES, ...alsoLoad])],
        defaultNS: 'common',
        fallbackNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
        react: { useSuspense: true, bindI18nStore: 'added' },
      });
    applyLanguage(lang);
    return i18n;
  })();
  return initializing;
}

/** Switches the interface language now and remembers it in this browser. */
export async function changeLanguage(lang: Language): Promise<void> {
  // i18next loads every namespace in use for the new language before it switches.
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
