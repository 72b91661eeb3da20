import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../constants.js';
import { placeholdersOf } from '../translate.js';

/**
 * The parity test of the one translation catalogue (decision 035): every namespace file of every
 * language, the web's (`<lang>/<ns>.json`) and the server's (`<lang>/server/<ns>.json`). Each language
 * has the namespaces English has, each with every English key and no other, none empty, with the same
 * i18next `{{placeholders}}` and no single-brace `{name}` left from another interpolation style.
 */
type Tree = { [key: string]: string | Tree | Tree[] | string[] };

const root = fileURLToPath(new URL('.', import.meta.url));

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? jsonFiles(join(dir, entry.name)) : entry.name.endsWith('.json') ? [join(dir, entry.name)] : [],
  );
}

/** Namespace ids (`common`, `server/plans`) of one language. */
function namespacesOf(lang: string): string[] {
  return jsonFiles(join(root, lang))
    .map((path) => relative(join(root, lang), path).replace(/\.json$/, ''))
    .sort();
}

const bundle = (lang: string, ns: string): Tree => JSON.parse(readFileSync(join(root, lang, `${ns}.json`), 'utf8')) as Tree;

function flatten(tree: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  } else out.set(prefix, tree);
  return out;
}

const SINGLE_BRACE = /(?<!\{)\{\s*\w+\s*\}(?!\})/;
const namespaces = namespacesOf(DEFAULT_LANGUAGE);

describe('translation catalogue', () => {
  it('has namespaces, the web’s and the server’s', () => {
    expect(namespaces).toContain('common');
    expect(namespaces).toContain('validation');
  });

  for (const lang of LANGUAGES) {
    it(`${lang} has exactly the namespaces English has`, () => {
      expect(namespacesOf(lang)).toEqual(namespaces);
    });
  }

  for (const ns of namespaces) {
    for (const lang of LANGUAGES) {
      it(`${lang}/${ns}.json has every English key, none empty, same placeholders`, () => {
        const english = flatten(bundle(DEFAULT_LANGUAGE, ns));
        const other = flatten(bundle(lang, ns));
        const missing = [...english.keys()].filter((key) => !other.has(key));
        expect(missing, `keys missing in ${lang}/${ns}`).toEqual([]);
        const extra = [...other.keys()].filter((key) => !english.has(key));
        expect(extra, `keys in ${lang}/${ns} that English lacks`).toEqual([]);
        for (const [key, value] of other) {
          expect(typeof value === 'string' && value.trim().length > 0, `${lang}/${ns}:${key} is empty`).toBe(true);
          expect(placeholdersOf(value as string), `${lang}/${ns}:${key} placeholders`).toEqual(placeholdersOf(String(english.get(key))));
          expect(SINGLE_BRACE.test(value as string), `${lang}/${ns}:${key} has a single-brace placeholder`).toBe(false);
        }
      });
    }
  }
});
