// Compiles the API for production: one ESM bundle per entry (server, create-admin) in dist/.
// Our code and @grove/shared (consumed as TypeScript source) are bundled; every npm dependency
// stays external and is loaded from node_modules, so native modules and WASM files work unchanged.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const dependencies = [manifest('./package.json'), manifest('../../packages/shared/package.json')].flatMap((pkg) =>
  Object.keys(pkg.dependencies ?? {}),
);
const external = dependencies.filter((name) => name !== '@grove/shared').flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: { main: 'src/main.ts', 'create-admin': 'src/cli/create-admin.ts' },
  outdir: 'dist',
  absWorkingDir: new URL('.', import.meta.url).pathname,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
console.log('API compiled to apps/api/dist');
