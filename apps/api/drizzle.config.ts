import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Core tables in db/schema.ts; each domain's own tables in its domains/<name>/tables.ts.
  schema: ['./src/db/schema.ts', './src/domains/*/tables.ts'],
  out: './drizzle',
});
