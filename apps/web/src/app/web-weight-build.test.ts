// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { frameChunks, iconImports } from '../../build/frame-chunks';
import { namespaceBundles } from '../../build/route-namespaces';
import { MantineCssGraph } from '../../build/mantine-css';
import { zodWithoutJsonSchema } from '../../build/zod-without-json-schema';

/* The build plugin of decision 032: only the Mantine CSS of the components in use. */

const src = fileURLToPath(new URL('..', import.meta.url));
const sheet = (path: string) => path.replace(/^@mantine\/core\/styles\//, '').replace(/\.layer\.css$/, '');

describe('Mantine sheets of the components in use', () => {
  const graph = new MantineCssGraph(src);

  it('follows a component to the sheets of the components it is built from, dependencies first', () => {
    const select = graph.sheetsFor('core', 'Select').map(sheet);
    expect(select).toEqual(expect.arrayContaining(['Input', 'Popover', 'Combobox', 'ScrollArea']));
    expect(select.indexOf('Input')).toBeLessThan(select.indexOf('Combobox'));
    const password = graph.sheetsFor('core', 'PasswordInput').map(sheet);
    expect(password.indexOf('Input')).toBeLessThan(password.indexOf('PasswordInput'));
    const modal = graph.sheetsFor('core', 'Modal').map(sheet);
    expect(modal.indexOf('ModalBase')).toBeLessThan(modal.indexOf('Modal'));
  });

  it('gives no sheet to components without styles and to hooks and helpers', () => {
    expect(graph.sheetsFor('core', 'Box')).toEqual([]);
    expect(graph.sheetsFor('core', 'MantineProvider')).toEqual([]);
    expect(graph.sheetsFor('core', 'rem')).toEqual([]);
  });

  it('brings the package sheet and the core sheets of @mantine/dates components', () => {
    const dates = graph.sheetsFor('dates', 'DateInput');
    expect(dates).toContain('@mantine/dates/styles.layer.css');
    expect(dates.map(sheet)).toContain('Popover');
  });

  it('reads the named value imports of a module, not its type imports', () => {
    const code = [
      "import { Button, Table as T, type MantineSize } from '@mantine/core';",
      "import type { SelectProps } from '@mantine/core';",
      "import { useDisclosure } from '@mantine/hooks';",
    ].join('\n');
    const sheets = graph.sheetsForSource(code).map(sheet);
    expect(sheets).toEqual(expect.arrayContaining(['Button', 'Table']));
    expect(sheets).not.toContain('Combobox');
    expect(new Set(sheets).size).toBe(sheets.length);
  });
});

describe('sign-in without the contract schemas', () => {
  it('names the refresh endpoint as its declaration does (the declaration loads on use)', async () => {
    const [{ REFRESH_PATH }, { AUTH_ENDPOINTS }] = await Promise.all([import('./api-client'), import('./auth-contract')]);
    expect(REFRESH_PATH).toBe(AUTH_ENDPOINTS.refresh.path);
    expect(AUTH_ENDPOINTS.refresh.method).toBe('POST');
  });
});

describe('app chunks by what a screen loads (decision 039)', () => {
  // entry → session → api; frame → layout → {session, format}; contract → client → api; page → format
  const graph: Record<string, { importedIds: string[]; isEntry: boolean }> = {
    '/w/index.html': { importedIds: ['/w/src/main.tsx'], isEntry: true },
    '/w/src/main.tsx': { importedIds: ['/w/src/app/session.ts'], isEntry: false },
    '/w/src/app/session.ts': { importedIds: ['/w/src/app/api.ts'], isEntry: false },
    '/w/src/app/api.ts': { importedIds: [], isEntry: false },
    '/w/src/app/contract.ts': { importedIds: ['/w/src/app/client.ts'], isEntry: false },
    '/w/src/app/client.ts': { importedIds: ['/w/src/app/api.ts'], isEntry: false },
    '/w/src/app/Frame.tsx': { importedIds: ['/w/src/app/Layout.tsx'], isEntry: false },
    '/w/src/app/Layout.tsx': { importedIds: ['/w/src/app/session.ts', '/w/src/app/format.ts', '/w/src/app/client.ts'], isEntry: false },
    '/w/src/app/format.ts': { importedIds: [], isEntry: false },
    '/w/src/app/Page.tsx': { importedIds: ['/w/src/app/format.ts'], isEntry: false },
  };
  const context = { getModuleIds: () => Object.keys(graph)[Symbol.iterator](), getModuleInfo: (id: string) => graph[id] ?? null };
  const chunks = frameChunks({ contract: ['/src/app/contract.ts'], frame: ['/src/app/Frame.tsx'] });
  (chunks.plugin.buildEnd as unknown as (this: typeof context) => void).call(context);
  const members = (name: string) => Object.keys(graph).filter(chunks.test(name)).map((id) => id.replace('/w/src/app/', ''));

  it('gives a group what its roots import statically, without the modules of the entry or of an earlier group', () => {
    expect(members('contract')).toEqual(['contract.ts', 'client.ts']);
    expect(members('frame')).toEqual(['Frame.tsx', 'Layout.tsx', 'format.ts']);
    expect(members('unknown')).toEqual([]);
  });

  it('answers the icons a group or an icon root imports by name, not those of the barrel the entry reaches', () => {
    const icon = (name: string) => `/w/node_modules/@tabler/icons-react/dist/esm/icons/${name}.mjs`;
    const code: Record<string, string> = {
      '/w/src/app/Layout.tsx': "import { IconBell, IconHome as Home } from '@tabler/icons-react';",
      '/w/src/app/Page.tsx': 'import {\n  IconPlus,\n} from "@tabler/icons-react";',
    };
    const withCode = { ...context, getModuleInfo: (id: string) => (graph[id] ? { ...graph[id], code: code[id] ?? '' } : null) };
    const grouped = frameChunks({ frame: ['/src/app/Frame.tsx'] }, { landing: ['/src/app/Page.tsx'] });
    (grouped.plugin.buildEnd as unknown as (this: typeof withCode) => void).call(withCode);
    expect([icon('IconBell'), icon('IconHome'), icon('IconPlus')].map(grouped.icon('frame'))).toEqual([true, true, false]);
    expect([icon('IconBell'), icon('IconPlus')].map(grouped.icon('landing'))).toEqual([false, true]);
    expect(iconImports("import type { Icon } from '@tabler/icons-react'; import { IconX } from './x';")).toEqual([]);
  });

  it('fails the build when a root is not in the graph', () => {
    const broken = frameChunks({ frame: ['/src/app/Missing.tsx'] });
    expect(() => (broken.plugin.buildEnd as unknown as (this: typeof context) => void).call(context)).toThrow(/Missing\.tsx/);
  });
});

describe('zod without its JSON Schema conversion in the web build', () => {
  it('stands in for the converters with the same exports, which throw when called', async () => {
    const plugin = zodWithoutJsonSchema();
    const resolve = plugin.resolveId as unknown as (source: string, importer?: string) => string | null;
    const load = plugin.load as unknown as (id: string) => Promise<string | null>;
    const id = resolve('./to-json-schema.js', '/x/node_modules/zod/v4/classic/schemas.js');
    expect(id).toMatch(/to-json-schema\.js$/);
    expect(resolve('./to-json-schema.js', '/x/apps/web/src/app/a.ts')).toBeNull();
    expect(resolve('./schemas.js', '/x/node_modules/zod/v4/classic/external.js')).toBeNull();
    const code = (await load(id!))!;
    const real = await import('zod/v4/core');
    expect(code).toContain('export const createToJSONSchemaMethod = unavailable;');
    expect(typeof real.toJSONSchema).toBe('function');
    const stand = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as Record<string, () => unknown>;
    expect(() => stand.createToJSONSchemaMethod!()).toThrow(/not part of the web app/);
  });
});

describe('translation namespaces fetched together (decision 045)', () => {
  it('bundles the core namespaces, and the frame with the namespaces of a third of the screens or more', () => {
    const routes = { '/a': ['errors', 'forms', 'plans'], '/b': ['errors', 'forms'], '/c': ['errors', 'map'], '/d': ['upload'] };
    const bundles = namespaceBundles({ routes, layout: ['common', 'errors', 'layout'], placeholder: [] });
    expect(bundles.core).toEqual(['common', 'errors', 'validation']);
    expect(bundles.frame).toEqual(['forms', 'layout']);
  });
});
