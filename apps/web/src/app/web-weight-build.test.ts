// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MantineCssGraph } from '../../build/mantine-css';

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
