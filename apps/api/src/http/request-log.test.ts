import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { createUser, signIn } from '../test/factories.js';
import type { FastifyInstance } from 'fastify';

// Decision 043: one line per request at `info`, with what operators need.
describe('request log', () => {
  const lines: Record<string, unknown>[] = [];
  const warnings: string[] = [];
  let app: FastifyInstance;
  let database: Database;

  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'grove-request-log-')),
    TOKEN_SECRET: 'request-log-test-secret-0123456789abcdef',
    DEMO_DATA: 'false',
    RUN_JOBS: 'false',
  });

  beforeAll(async () => {
    database = await openDatabase({ inMemory: true });
    await database.migrate();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const onWarning = (warning: Error & { code?: string }) => warnings.push(warning.code ?? warning.name);
    process.on('warning', onWarning);
    app = await buildApp({ config, database, logger: { level: 'info', stream } });
    await app.ready();
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('writes one line per request: method, url, status, time, request id and the user', async () => {
    const user = await createUser(database.db, { roles: ['System Admin'] });
    const headers = await signIn({ database, config }, user);
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/Users/me', headers });
    expect(res.statusCode).toBe(200);
    const forRequest = lines.filter((line) => line.reqId === res.headers['x-request-id']);
    expect(forRequest).toHaveLength(1);
    expect(forRequest[0]).toMatchObject({ level: 30, msg: 'request', method: 'GET', url: '/api/Users/me', statusCode: 200, userId: user.id });
    expect(typeof forRequest[0]!.ms).toBe('number');
  });

  it('turns off Fastify\'s own request lines without a deprecated option (FSTDEP023 printed at every start)', () => {
    expect(warnings.filter((code) => code.startsWith('FSTDEP'))).toEqual([]);
  });
});
