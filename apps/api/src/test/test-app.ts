import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { AccessKey } from '@grove/shared';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';

/**
 * Each test file gets its own database: an in-memory PGlite, or with TEST_DATABASE_URL a freshly
 * created PostgreSQL database that is dropped afterwards. Both run the real migrations. Jobs and
 * outbox delivery are off unless the test passes RUN_JOBS: 'true'.
 */
export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `grove_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * `dataDir`: use this folder as DATA_DIR, with the embedded database on disk inside it (not in
 * memory), for tests about the disk under it. `logger`: drizzle's query logger (to record the SQL).
 */
export async function createTestContext(
  env: Record<string, string> = {},
  options: { dataDir?: string; accessOverrides?: Readonly<Record<string, AccessKey>>; logger?: Logger } = {},
): Promise<TestContext> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'grove-test-'));
  mkdirSync(dataDir, { recursive: true });
  const adminUrl = process.env.TEST_DATABASE_URL || undefined;
  const pgDb = adminUrl ? await createPostgresDatabase(adminUrl) : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    // Emails stay queued in the outbox where a test can read them; tests of delivery pass 'true'.
    RUN_JOBS: 'false',
    // No test reaches the internet: weather tests pass a local server serving recorded answers.
    WEATHER_API_URL: 'http://127.0.0.1:9/v1/forecast',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const database = await openDatabase({
    ...(pgDb ? { databaseUrl: pgDb.url } : options.dataDir ? { dataDir } : { inMemory: true }),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await database.migrate();
  const app = await buildApp({ config, database, logger: false, accessOverrides: options.accessOverrides });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await pgDb?.drop();
    },
  };
}

/** Which database this run uses, for test names. */
export const dbKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
