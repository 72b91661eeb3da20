import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { LANGUAGES, interpolate, type Language, type TranslationValues } from '@grove/shared';

/*
 * The API's translate function over the one translation catalogue it shares with the web
 * (decision 035): `packages/shared/src/locales/<lang>/<ns>.json`, the web's namespaces, and
 * `<lang>/server/<ns>.json`, the server's own (notification texts, emails, PDFs, CSV headers,
 * dashboard and report labels). A key is `namespace:path.to.text`, e.g. `validation:required`,
 * `requests:status.new` or `server/plans:pdf.title`; values fill i18next's `{{name}}`.
 * Files are read once, on first use (through the package's `./locales/*` export, so the compiled
 * API finds them as the source does). A missing key throws: the parity test keeps every language
 * complete, so a missing key is a typo in the code, found by the first test that reaches it.
 */

export type TranslationKey = `${string}:${string}`;

type Node = string | readonly Node[] | { readonly [key: string]: Node };

const require = createRequire(import.meta.url);
const loaded = new Map<string, Node>();

/** Entries are handed out as they are stored: frozen, so no caller can change another's texts. */
function deepFreeze(node: Node): Node {
  if (typeof node === 'object') Object.values(node).forEach(deepFreeze);
  return Object.freeze(node);
}

function namespace(lang: Language, ns: string): Node {
  const id = `${lang}/${ns}`;
  let tree = loaded.get(id);
  if (tree === undefined) {
    tree = deepFreeze(JSON.parse(readFileSync(require.resolve(`@grove/shared/locales/${id}.json`), 'utf8')) as Node);
    loaded.set(id, tree);
  }
  return tree;
}

function find(lang: Language, key: TranslationKey): Node | undefined {
  const at = key.indexOf(':');
  let node: Node | undefined = namespace(lang, key.slice(0, at));
  const path = key.slice(at + 1);
  for (const part of path ? path.split('.') : []) {
    node = node !== undefined && typeof node === 'object' ? (node as Record<string, Node>)[part] : undefined;
  }
  return node;
}

/** The catalogue entry at `key` in `lang`: a text, or a group of texts (a list of CSV headers…); `ns:` is the namespace. */
export function lookup(lang: Language, key: TranslationKey): Node {
  const node = find(lang, key);
  if (node === undefined) throw new Error(`No translation ${lang}/${key}`);
  return node;
}

const pluralRules = new Map<Language, Intl.PluralRules>();

/** i18next's plural keys: with a numeric `count`, `key_one`, `key_other`… by the language's rules. */
function pluralKey(lang: Language, key: TranslationKey, count: number): TranslationKey {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  return `${key}_${rules.select(count)}` as TranslationKey;
}

/** The text of `key` in `lang`, its `{{placeholders}}` filled from `values` (a numeric `count` picks the plural form). */
export function translate(lang: Language, key: TranslationKey, values?: TranslationValues): string {
  const count = values?.count;
  const plural = typeof count === 'number' ? (find(lang, pluralKey(lang, key, count)) ?? find(lang, `${key}_other`)) : undefined;
  const text = plural ?? lookup(lang, key);
  if (typeof text !== 'string') throw new Error(`Translation ${lang}/${key} is not a text`);
  return values ? interpolate(text, values) : text;
}

/** A group of texts (`key` names an object or a list in the catalogue) in `lang`. */
export function translations<T>(lang: Language, key: TranslationKey): T {
  const node = lookup(lang, key);
  if (typeof node !== 'object') throw new Error(`Translation ${lang}/${key} is not a group`);
  return node as T;
}

/** `key` in every interface language: for texts stored or sent before the reader's language is known. */
export function inEveryLanguage(key: TranslationKey, values?: TranslationValues): Record<Language, string> {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, translate(lang, key, values)])) as Record<Language, string>;
}

/**
 * The entry at `key` in every interface language, as the module tables hold it: a notification's
 * `{ title, text }`, a settings label, a PDF's labels. Module code names keys; the texts live in the
 * catalogue only.
 */
export function perLanguage<T = string>(key: TranslationKey): Record<Language, T> {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, lookup(lang, key)])) as Record<Language, T>;
}
