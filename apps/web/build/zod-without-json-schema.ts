import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/*
 * zod 4's classic schemas carry their JSON Schema conversion (`toJSONSchema()`, the standard schema's
 * `jsonSchema`): every schema type registers a converter, so the converters (~35 KB of source,
 * ~4 KB compressed) are in every screen that checks an answer. The API turns the contract into
 * OpenAPI with them; the web app never converts a schema (decision 039). In the web build the two
 * modules are replaced by stand-ins with the same exports that throw when called; parsing does not
 * use them. The stand-ins' export lists are read from zod itself, so a zod update cannot leave one
 * out silently.
 */

const REPLACED = ['json-schema-processors.js', 'to-json-schema.js'];
const PREFIX = '\0zod-without-json-schema:';

export function zodWithoutJsonSchema(): Plugin {
  const require = createRequire(import.meta.url);
  const coreDir = dirname(require.resolve('zod/v4/core'));
  return {
    name: 'grove:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]node_modules[\\/]zod[\\/]v4[\\/]/.test(importer)) return null;
      const name = REPLACED.find((file) => source.endsWith(`/${file}`));
      return name ? `${PREFIX}${name}` : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length);
      const real = (await import(join(coreDir, file))) as Record<string, unknown>;
      const unavailable = `function unavailable() { throw new Error('zod: JSON Schema conversion is not part of the web app (decision 039)'); }`;
      const exports = Object.keys(real).map((name) => `export const ${name} = unavailable;`);
      return [unavailable, ...exports].join('\n');
    },
  };
}
