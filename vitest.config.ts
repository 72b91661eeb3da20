import { defineConfig } from 'vitest/config';

/**
 * One runner, several projects: shared unit tests, API tests on PGlite and on PostgreSQL
 * (a fresh database per test file), web component tests in jsdom, and end-to-end in chromium.
 */
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * fauxqs (the S3 protocol server of the S3 store tests) imports `node:sqlite`, which Node 20 lacks,
 * for a persistence feature the tests do not use: it is loaded through Vite with a stand-in.
 */
const apiServer = {
  server: { deps: { inline: ['fauxqs'] } },
  alias: { 'node:sqlite': new URL('./apps/api/src/test/node-sqlite-unavailable.ts', import.meta.url).pathname },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'api-pglite',
          include: ['apps/api/src/**/*.test.ts'],
          ...apiServer,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { TEST_DATABASE_URL: '' },
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['apps/api/src/**/*.test.ts'],
          ...apiServer,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { TEST_DATABASE_URL: pgUrl },
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A loaded CI machine renders slower than a laptop: poll for up to 15 s, not 1 s.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          globalSetup: ['e2e/global-setup.ts'],
          // Issue 17 §12: a console error or an unexpected 4xx/5xx fails the test.
          setupFiles: ['e2e/guard-setup.ts'],
          // After every other project: the browser and the real server want the machine to themselves.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
