import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

/*
 * Only the Mantine CSS of the components in use, loaded with the screens that use them (issue 15,
 * decision 032). Mantine ships one sheet per component (`@mantine/core/styles/Button.layer.css`);
 * which sheets a component needs follows from its code: every Mantine module that holds class
 * names imports `./<Name>.module.mjs`, whose styles are `styles/<Name>.css`. So for each named
 * import from a Mantine package in the app's sources (`import { Select } from '@mantine/core'`),
 * this plugin walks the package's module graph from the export (Select → Combobox → Popover,
 * Input, ScrollArea …) and adds the sheets found, dependencies first, as side-effect imports at the
 * top of the importing module. Vite then puts them in the CSS of the chunk that holds that module.
 * @mantine/dates, charts, notifications and tiptap ship one sheet each: it comes with their first
 * component in use (plus the core sheets their components need).
 *
 * The `.layer.css` variants put Mantine in `@layer mantine`: the app's own (unlayered) CSS modules
 * win over Mantine's whatever order the chunks' sheets arrive in. The global sheets (baseline,
 * CSS variables, global classes) are imported once in main.tsx.
 */

export const MANTINE_PACKAGES = ['core', 'dates', 'charts', 'notifications', 'tiptap'] as const;
type MantinePackage = (typeof MANTINE_PACKAGES)[number];

interface ModuleInfo {
  /** Relative static imports (resolved to absolute files). */
  imports: string[];
  /** Named imports from @mantine/core (for the other packages). */
  coreNames: string[];
  /** The sheet this module's class names live in, if any. */
  sheet: string | null;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:([\w*{}\s,$]+?)\s+from\s+)?["']([^"']+)["']/g;

function namedSpecifiers(clause: string): string[] {
  const braces = /\{([^}]*)\}/.exec(clause);
  if (!braces) return [];
  return braces[1]!
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0]!.trim());
}

export class MantineCssGraph {
  private readonly modules = new Map<string, ModuleInfo>();
  private readonly exports = new Map<MantinePackage, Map<string, string>>();
  private readonly roots = new Map<MantinePackage, string>();
  private readonly cache = new Map<string, string[]>();

  constructor(private readonly resolveFrom: string) {}

  private packageRoot(pkg: MantinePackage): string {
    let root = this.roots.get(pkg);
    if (!root) {
      const require = createRequire(join(this.resolveFrom, 'noop.js'));
      // The package's folder: its exports do not list package.json, so walk up from the entry.
      root = dirname(require.resolve(`@mantine/${pkg}`));
      while (!existsSync(join(root, 'package.json'))) root = dirname(root);
      this.roots.set(pkg, root);
    }
    return root;
  }

  /** Export name → module file of a package's ESM index. */
  private exportsOf(pkg: MantinePackage): Map<string, string> {
    let map = this.exports.get(pkg);
    if (map) return map;
    map = new Map();
    const index = join(this.packageRoot(pkg), 'esm/index.mjs');
    const code = readFileSync(index, 'utf8');
    for (const match of code.matchAll(IMPORT)) {
      const [, clause, specifier] = match;
      if (!clause || !specifier!.startsWith('.')) continue;
      const file = resolve(dirname(index), specifier!);
      for (const name of namedSpecifiers(clause)) map.set(name, file);
    }
    this.exports.set(pkg, map);
    return map;
  }

  private sheetOf(pkg: MantinePackage, file: string): string | null {
    const match = /([\w-]+)\.module\.mjs$/.exec(file);
    if (!match) return null;
    if (pkg !== 'core') return `@mantine/${pkg}/styles.layer.css`;
    const sheet = `styles/${match[1]}.layer.css`;
    return existsSync(join(this.packageRoot('core'), sheet)) ? `@mantine/core/${sheet}` : null;
  }

  private info(pkg: MantinePackage, file: string): ModuleInfo {
    let info = this.modules.get(file);
    if (info) return info;
    const code = existsSync(file) ? readFileSync(file, 'utf8') : '';
    info = { imports: [], coreNames: [], sheet: this.sheetOf(pkg, file) };
    for (const match of code.matchAll(IMPORT)) {
      const [, clause, specifier] = match;
      if (specifier!.startsWith('.')) info.imports.push(resolve(dirname(file), specifier!));
      else if (specifier === '@mantine/core' && clause && pkg !== 'core') info.coreNames.push(...namedSpecifiers(clause));
    }
    this.modules.set(file, info);
    return info;
  }

  /** The sheets a named export of a package needs, dependencies first. */
  sheetsFor(pkg: MantinePackage, name: string): string[] {
    const key = `${pkg}:${name}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const file = this.exportsOf(pkg).get(name);
    const out: string[] = [];
    if (file) {
      const seen = new Set<string>();
      const visit = (p: MantinePackage, f: string) => {
        if (seen.has(f)) return;
        seen.add(f);
        const info = this.info(p, f);
        for (const core of info.coreNames) for (const sheet of this.sheetsFor('core', core)) out.push(sheet);
        // A module's own class names (`./X.module.mjs`) after its other dependencies: Modal's sheet
        // after ModalBase's, Table's after ScrollArea's, as in Mantine's own order.
        const own = (dep: string) => dep.endsWith('.module.mjs');
        for (const dep of info.imports.filter((d) => !own(d))) visit(p, dep);
        for (const dep of info.imports.filter(own)) visit(p, dep);
        if (info.sheet) out.push(info.sheet);
      };
      visit(pkg, file);
    }
    const unique = [...new Set(out)];
    this.cache.set(key, unique);
    return unique;
  }

  /** The sheets a module of the app needs for its named imports from Mantine packages, in order. */
  sheetsForSource(code: string): string[] {
    const out: string[] = [];
    for (const match of code.matchAll(IMPORT)) {
      const [whole, clause, specifier] = match;
      const pkg = /^@mantine\/([a-z]+)$/.exec(specifier!)?.[1] as MantinePackage | undefined;
      if (!pkg || !MANTINE_PACKAGES.includes(pkg) || !clause || /^\s*(?:import|export)\s+type\s/.test(whole)) continue;
      for (const name of namedSpecifiers(clause)) out.push(...this.sheetsFor(pkg, name));
    }
    return [...new Set(out)];
  }
}

/** Vite plugin: prepends the Mantine sheets each app module needs (see above). */
export function mantineCss(srcDir: string): Plugin {
  const graph = new MantineCssGraph(srcDir);
  return {
    name: 'grove-mantine-css',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!/\.(ts|tsx)$/.test(file) || relative(srcDir, file).startsWith('..') || !code.includes('@mantine/')) return null;
      const sheets = graph.sheetsForSource(code);
      if (!sheets.length) return null;
      return { code: sheets.map((sheet) => `import '${sheet}';`).join('') + code, map: null };
    },
  };
}
