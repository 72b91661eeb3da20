import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES, ROUTE_ACCESS } from '@grove/shared';
import { ROUTE_PAGES } from '../app/route-pages';

/**
 * Every language has every key English has, none empty, with the same {{placeholders}}; every
 * route title and every placeholder area is translated.
 */
type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

function bundle(lang: string, ns: string): Tree | undefined {
  return files[`./${lang}/${ns}.json`];
}

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of flatten(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

const placeholdersOf = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const namespaces = [...new Set(Object.keys(files).map((path) => path.split('/')[2]!.replace(/\.json$/, '')))].sort();

describe('locale files', () => {
  it('exist for every namespace in English', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    for (const ns of namespaces) expect(bundle(DEFAULT_LANGUAGE, ns), `en/${ns}.json`).toBeDefined();
  });

  for (const ns of namespaces) {
    for (const lang of LANGUAGES) {
      it(`${lang}/${ns}.json has every English key, none empty, same placeholders`, () => {
        const english = flatten(bundle(DEFAULT_LANGUAGE, ns) ?? {});
        const translated = bundle(lang, ns);
        expect(translated, `${lang}/${ns}.json is missing`).toBeDefined();
        const other = flatten(translated!);
        const missing = [...english.keys()].filter((key) => !other.has(key));
        expect(missing, `keys missing in ${lang}/${ns}`).toEqual([]);
        const extra = [...other.keys()].filter((key) => !english.has(key));
        expect(extra, `keys in ${lang}/${ns} that English lacks`).toEqual([]);
        for (const [key, value] of other) {
          expect(typeof value === 'string' && value.trim().length > 0, `${lang}/${ns}:${key} is empty`).toBe(true);
          expect(placeholdersOf(value as string), `${lang}/${ns}:${key} placeholders`).toEqual(placeholdersOf(String(english.get(key))));
        }
      });
    }
  }

  it('translate every route title of the shared table (common namespace)', () => {
    const common = flatten(bundle(DEFAULT_LANGUAGE, 'common') ?? {});
    const missing = ROUTE_ACCESS.map((entry) => entry.title).filter((title) => !common.has(title));
    expect(missing).toEqual([]);
  });

  it('describe every area that shows the placeholder page', () => {
    const placeholders = flatten(bundle(DEFAULT_LANGUAGE, 'placeholders') ?? {});
    const areas = ROUTE_ACCESS.filter((entry) => entry.access !== 'public' && !ROUTE_PAGES[entry.path] && entry.access !== 'authenticated').map(
      (entry) => entry.title.replace(/^routes\./, ''),
    );
    const missing = [...new Set(areas)].filter((area) => !placeholders.has(`${area}.title`) || !placeholders.has(`${area}.text`));
    expect(missing).toEqual([]);
  });
});
