import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { routeNamespaces } from './build/route-namespaces.ts';

// jsdom + Mantine renders are slow on a small shared machine; lazy page chunks transform on first use.
export default defineConfig({
  // The routes import the screens' translation namespaces from this plugin (decision 028).
  plugins: [routeNamespaces(fileURLToPath(new URL('./src', import.meta.url)))],
  test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom', testTimeout: 30_000 },
});
