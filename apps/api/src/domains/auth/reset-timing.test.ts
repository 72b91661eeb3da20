import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase, type Database } from '../../db/client.js';
import { createUser } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { issueCode } from './reset-codes.js';

/*
 * Issue 9 §9: `POST /api/Users/ResetPassword` must do the same work for an unknown email as for a
 * real account with a wrong code, so its timing tells nothing. Timings are noisy; the statements
 * run are not: the test compares the database statements of each case.
 */
describe(`reset password does the same work for unknown emails (${dbKind})`, () => {
  let ctx: TestContext;
  let traced: { app: FastifyInstance; database: Database };
  let statements: string[] = [];
  beforeAll(async () => {
    ctx = await createTestContext();
    // A second connection to the same database whose statements are recorded.
    const database = await openDatabase({
      ...(ctx.config.databaseUrl ? { databaseUrl: ctx.config.databaseUrl } : { inMemory: true }),
      logger: { logQuery: (query) => void statements.push(query) },
    });
    if (!ctx.config.databaseUrl) await database.migrate();
    const config = loadConfig({ NODE_ENV: 'test', RUN_JOBS: 'false', DATA_DIR: mkdtempSync(join(tmpdir(), 'grove-timing-')), TOKEN_SECRET: randomBytes(32).toString('hex'), ...(ctx.config.databaseUrl ? { DATABASE_URL: ctx.config.databaseUrl } : {}) });
    traced = { app: await buildApp({ config, database, logger: false }), database };
    await traced.app.ready();
  });
  afterAll(async () => {
    await traced.app.close();
    await traced.database.close();
    await ctx.close();
  });

  async function statementsOf(email: string): Promise<string[]> {
    statements = [];
    const res = await traced.app.inject({
      method: 'POST',
      url: '/api/Users/ResetPassword',
      remoteAddress: `10.77.0.${Math.floor(Math.random() * 250) + 1}`,
      payload: { email, code: 'not-the-code-000000000000000000', password: 'Quiet-Harbor-Kettle-93', confirmPassword: 'Quiet-Harbor-Kettle-93' },
    });
    expect(res.statusCode).toBe(400);
    return statements;
  }

  it('runs the same statements for an unknown email, an account without a code and one with a live code', async () => {
    const withoutCode = await createUser(traced.database.db, { roles: ['Executive'], email: 'no.code@example.com' });
    const withCode = await createUser(traced.database.db, { roles: ['Executive'], email: 'live.code@example.com' });
    await issueCode(traced.database.db, withCode.id, 'reset');
    void withoutCode;
    const unknown = await statementsOf('nobody.here@example.com');
    expect(unknown.length).toBeGreaterThan(1);
    expect(await statementsOf('no.code@example.com')).toEqual(unknown);
    expect(await statementsOf('live.code@example.com')).toEqual(unknown);
  });
});
