import { defineConfig } from 'vitest/config';

// jsdom + Mantine renders are slow on a small shared machine; lazy page chunks transform on first use.
export default defineConfig({
  test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom', testTimeout: 30_000 },
});
