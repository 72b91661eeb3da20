import { describe, expect, it } from 'vitest';
import { ROUTE_ACCESS } from '@grove/shared';
import common from '@grove/shared/locales/en/common.json';
import placeholders from '@grove/shared/locales/en/placeholders.json';
import { ROUTE_PAGES } from './route-pages';

/*
 * The web's own checks on the shared catalogue (parity of every language is the shared package's
 * test, decision 035): every route title and every placeholder area has a text.
 */
const has = (tree: object, path: string) =>
  path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), tree) !== undefined;

describe('route texts', () => {
  it('translate every route title of the shared table (common namespace)', () => {
    const missing = ROUTE_ACCESS.map((entry) => entry.title).filter((title) => !has(common, title));
    expect(missing).toEqual([]);
  });

  it('describe every area that shows the placeholder page', () => {
    const areas = ROUTE_ACCESS.filter((entry) => entry.access !== 'public' && !ROUTE_PAGES[entry.path] && entry.access !== 'authenticated').map(
      (entry) => entry.title.replace(/^routes\./, ''),
    );
    const missing = [...new Set(areas)].filter((area) => !has(placeholders, `${area}.title`) || !has(placeholders, `${area}.text`));
    expect(missing).toEqual([]);
  });
});
