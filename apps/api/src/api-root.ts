import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of the API package (`apps/api`), found by walking up from this module. The same code
 * runs from TypeScript sources (`src/…`, tests and tsx) and from the compiled bundle (`dist/main.js`),
 * which sit at different depths, so paths to migrations and the web build start from here.
 */
function findApiRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@grove/api') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('The @grove/api package folder was not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

export const apiRoot = findApiRoot();
