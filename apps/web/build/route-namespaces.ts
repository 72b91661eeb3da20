import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/*
 * Which translation namespaces each screen needs, found in the sources (decision 028), so a route
 * loads its page chunk and its namespaces side by side and never renders a raw key. A module
 * "uses" a namespace when it calls useTranslation('ns') / useTranslation(['ns', …]), names it as
 * `{ ns: 'ns' }`, or holds a key written `'ns:…'` (also in template literals). A screen needs the
 * namespaces of every module it imports, directly or through other modules, statically or lazily.
 * Served as the virtual module `virtual:route-namespaces`; nothing to maintain by hand.
 */

/** The web's namespaces of the shared translation catalogue (decision 035): `<lang>/<ns>.json`. */
export const LOCALES_DIR = fileURLToPath(new URL('../../../packages/shared/src/locales', import.meta.url));

export const VIRTUAL_ID = 'virtual:route-namespaces';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
/** `virtual:locale-bundle/texts-<bundle>-<lang>`: several namespaces of one language in one chunk (named so). */
const BUNDLE_PREFIX = 'virtual:locale-bundle/';

/** Loaded at start by every screen (i18n.ts): the frame's texts, route titles, validation and error texts. */
export const CORE_NAMESPACES = ['common', 'errors', 'validation'] as const;
/** A namespace that at least this share of the screens uses travels in the signed-in frame's bundle. */
const FRAME_SHARE = 1 / 3;

/**
 * The namespaces fetched together, one response per language instead of one per namespace (each
 * half headers, decision 045): `core` (every screen) and `frame` (the signed-in frame's namespaces
 * and those of a third of the screens or more). The other namespaces stay one chunk each.
 */
export function namespaceBundles(map: NamespaceMap): Record<string, string[]> {
  const routes = Object.values(map.routes);
  const count = (ns: string) => routes.filter((namespaces) => namespaces.includes(ns)).length;
  const all = new Set(routes.flat().concat(map.layout));
  const core: readonly string[] = CORE_NAMESPACES;
  const frame = [...all].filter((ns) => !core.includes(ns) && (map.layout.includes(ns) || count(ns) >= routes.length * FRAME_SHARE)).sort();
  return { core: [...CORE_NAMESPACES], frame };
}


export interface NamespaceMap {
  /** ROUTE_PAGES pattern → namespaces of its screen. */
  routes: Record<string, string[]>;
  /** Namespaces of the signed-in frame (components/layout/AppLayout). */
  layout: string[];
  /** Namespaces of the placeholder page (patterns without a screen). */
  placeholder: string[];
}

const SOURCE = /\.(ts|tsx)$/;
const NOT_SOURCE = /\.(test|e2e)\.(ts|tsx)$|\.d\.ts$/;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'test-support') sourceFiles(path, out);
    } else if (SOURCE.test(name) && !NOT_SOURCE.test(name)) out.push(path);
  }
  return out;
}

function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Namespaces and relative imports of one module's source text. */
export function scanModule(code: string, known: ReadonlySet<string>): { namespaces: Set<string>; imports: string[] } {
  const namespaces = new Set<string>();
  const add = (ns: string) => {
    if (known.has(ns)) namespaces.add(ns);
  };
  for (const match of code.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g)) {
    for (const name of match[1]!.matchAll(/['"]([\w-]+)['"]/g)) add(name[1]!);
  }
  for (const match of code.matchAll(/\bns:\s*['"]([\w-]+)['"]/g)) add(match[1]!);
  for (const match of code.matchAll(/['"`]([\w-]+):[\w.$`{]/g)) add(match[1]!);
  const imports: string[] = [];
  for (const match of code.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)) imports.push(match[1]!);
  return { namespaces, imports };
}

/** Scans `src` (the web app's source folder) and answers the namespaces of every screen. */
export function computeNamespaceMap(src: string): NamespaceMap {
  const known = new Set(
    readdirSync(join(LOCALES_DIR, 'en'))
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length)),
  );
  const modules = new Map<string, { namespaces: Set<string>; imports: string[] }>();
  for (const file of sourceFiles(src)) {
    const scanned = scanModule(readFileSync(file, 'utf8'), known);
    modules.set(file, {
      namespaces: scanned.namespaces,
      imports: scanned.imports.map((specifier) => resolveImport(file, specifier)).filter((path): path is string => path !== null),
    });
  }
  // The wiring (routes, route-pages, i18n) is not walked through: it would reach every screen.
  const app = join(src, 'app');
  const stop = new Set(['routes.tsx', 'route-pages.ts', 'router.ts', 'i18n.ts'].map((name) => join(app, name)));
  const closure = (start: string): string[] => {
    const seen = new Set<string>();
    const found = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file) || stop.has(file)) return;
      seen.add(file);
      const module = modules.get(file);
      if (!module) return;
      module.namespaces.forEach((ns) => found.add(ns));
      module.imports.forEach(walk);
    };
    walk(start);
    return [...found].sort();
  };

  const routePages = join(app, 'route-pages.ts');
  const routes: Record<string, string[]> = {};
  for (const match of readFileSync(routePages, 'utf8').matchAll(/'([^']+)':\s*\(\)\s*=>\s*import\('([^']+)'\)/g)) {
    const file = resolveImport(routePages, match[2]!);
    if (file) routes[match[1]!] = closure(file);
  }
  const placeholder = /placeholderPage[^=]*=[^;]*import\('([^']+)'\)/.exec(readFileSync(routePages, 'utf8'))?.[1];
  return {
    routes,
    layout: closure(join(src, 'components', 'layout', 'AppLayout.tsx')),
    placeholder: placeholder ? closure(resolveImport(routePages, placeholder) ?? '') : [],
  };
}

/** The Vite plugin: `import { ROUTE_NAMESPACES, LAYOUT_NAMESPACES, PLACEHOLDER_NAMESPACES } from 'virtual:route-namespaces'`. */
export function routeNamespaces(src: string): Plugin {
  return {
    name: 'grove-route-namespaces',
    resolveId(id) {
      if (id === VIRTUAL_ID) return RESOLVED_ID;
      return id.startsWith(BUNDLE_PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (id.startsWith(`\0${BUNDLE_PREFIX}`)) {
        // The bundle's JSON files inlined (not imported), so they are not also modules of the per-namespace chunks.
        const [, name, lang] = /^texts-(\w+)-([\w-]+)$/.exec(id.slice(BUNDLE_PREFIX.length + 1)) ?? [];
        const namespaces = namespaceBundles(computeNamespaceMap(src))[name ?? ''];
        if (!lang || !namespaces) return null;
        const files = namespaces.map((ns) => join(LOCALES_DIR, lang, `${ns}.json`));
        files.forEach((file) => this.addWatchFile(file));
        const entries = namespaces.map((ns, i) => `${JSON.stringify(ns)}: ${readFileSync(files[i]!, 'utf8').trim()}`);
        return `export default {${entries.join(',\n')}};`;
      }
      if (id !== RESOLVED_ID) return null;
      const map = computeNamespaceMap(src);
      const bundles = namespaceBundles(map);
      const languages = readdirSync(LOCALES_DIR).filter((name) => existsSync(join(LOCALES_DIR, name, 'common.json')));
      const loaders = Object.keys(bundles).flatMap((name) =>
        languages.map((lang) => `${JSON.stringify(`${lang}/${name}`)}: () => import(${JSON.stringify(`${BUNDLE_PREFIX}texts-${name}-${lang}`)})`),
      );
      return [
        `export const ROUTE_NAMESPACES = ${JSON.stringify(map.routes)};`,
        `export const LAYOUT_NAMESPACES = ${JSON.stringify(map.layout)};`,
        `export const PLACEHOLDER_NAMESPACES = ${JSON.stringify(map.placeholder)};`,
        `export const CORE_NAMESPACES = ${JSON.stringify(CORE_NAMESPACES)};`,
        `export const NAMESPACE_BUNDLES = ${JSON.stringify(bundles)};`,
        `export const BUNDLE_LOADERS = {${loaders.join(',\n')}};`,
      ].join('\n');
    },
    // Dev server: any source change may change the map; the next load recomputes it.
    handleHotUpdate({ file, server }) {
      if (!relative(src, file).startsWith('..') && SOURCE.test(file)) {
        const module = server.moduleGraph.getModuleById(RESOLVED_ID);
        if (module) server.moduleGraph.invalidateModule(module);
      }
    },
  };
}
