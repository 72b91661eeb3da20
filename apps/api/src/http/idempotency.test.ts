import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { files, idempotencyKeys, regions, serviceRequests } from '../db/schema.js';
import { createCustomer, createUser, signIn, type SignedIn } from '../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../test/test-app.js';
import { ensureReferenceData } from '../domains/service-request-types/defaults.js';
import { KEY_OUTCOME_LOST_TEXT, KEY_REUSED_TEXT, KEY_RUNNING_TEXT, deleteExpiredKeys } from './idempotency.js';

describe(`Idempotency-Key on creates (${dbKind})`, () => {
  let ctx: TestContext;
  let admin: SignedIn & { userId: string };
  let other: SignedIn;
  beforeAll(async () => {
    ctx = await createTestContext();
    const adminUser = await createUser(ctx, { roles: ['System Admin'] });
    admin = Object.defineProperty(await signIn(ctx, adminUser), 'userId', { value: adminUser.id, enumerable: false }) as SignedIn & { userId: string };
    other = await signIn(ctx, await createUser(ctx, { roles: ['System Admin'] }));
  });
  afterAll(async () => {
    await ctx.close();
  });

  const createRegion = (headers: SignedIn, key: string | undefined, name: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/Regions', headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) }, payload: { name } });
  const regionCount = async (name: string) => (await ctx.database.db.select().from(regions).where(eq(regions.name, name))).length;

  it('the same create sent twice with one key makes one record and gives the same answer', async () => {
    const key = randomUUID();
    const first = await createRegion(admin, key, 'Retried North');
    const second = await createRegion(admin, key, 'Retried North');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await regionCount('Retried North')).toBe(1);
  });

  it('replays the first answer even when it was an error, and a service request retried keeps its number', async () => {
    await ensureReferenceData(ctx.database.db);
    const customer = await createCustomer(ctx);
    const types = (await ctx.app.inject({ method: 'GET', url: '/api/ServiceRequestTypes', headers: admin })).json<{ data: { id: string }[] }>();
    const key = randomUUID();
    const body = { customerId: customer.id, typeId: types.data[0]!.id, title: 'Sprinkler head broken' };
    const send = () => ctx.app.inject({ method: 'POST', url: '/api/ServiceRequests', headers: { ...admin, 'idempotency-key': key }, payload: body });
    const answers = [await send(), await send(), await send()];
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.json<{ number: string }>().number)).size).toBe(1);
    expect(await ctx.database.db.select().from(serviceRequests).where(eq(serviceRequests.customerId, customer.id))).toHaveLength(1);
  });

  it('answers 422 for the same key with another body, and another caller’s key is their own', async () => {
    const key = randomUUID();
    expect((await createRegion(admin, key, 'Keyed East')).statusCode).toBe(201);
    const changed = await createRegion(admin, key, 'Keyed West');
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({ message: KEY_REUSED_TEXT });
    expect(await regionCount('Keyed West')).toBe(0);
    // The same key from someone else is a different request.
    expect((await createRegion(other, key, 'Keyed West')).statusCode).toBe(201);
  });

  it('keys expire after 24 hours: the cleanup removes them and the key can be used afresh', async () => {
    const key = randomUUID();
    expect((await createRegion(admin, key, 'Expiring One')).statusCode).toBe(201);
    await ctx.database.db.update(idempotencyKeys).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(idempotencyKeys.key, key));
    expect(await deleteExpiredKeys(ctx.database.db)).toBeGreaterThanOrEqual(1);
    expect(await ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    const again = await createRegion(admin, key, 'Expiring Two');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    // A fresh row lives 24 hours.
    const [row] = await ctx.database.db
      .select({ hours: sql<number>`round(extract(epoch from (${idempotencyKeys.expiresAt} - ${idempotencyKeys.createdAt})) / 3600)::int` })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    expect(row?.hours).toBe(24);
  });

  it('a retried upload with one key is stored once; another file under the same key is a 422', async () => {
    const boundary = '----grove-idem';
    const upload = (image: Buffer, key: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/Files/uploadPhoto',
        headers: { ...admin, 'idempotency-key': key, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
          image,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'green' } }).png().toBuffer();
    const bigger = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'blue' } }).png().toBuffer();
    const key = randomUUID();
    const first = await upload(photo, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload(photo, key);
    expect(again.statusCode).toBe(201);
    expect(again.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await upload(bigger, key)).statusCode).toBe(422);
    const stored = await ctx.database.db.select().from(files).where(eq(files.uploadedBy, admin.userId));
    expect(stored).toHaveLength(1);
  });

  it('refuses a malformed key with 400 on the header', async () => {
    const res = await createRegion(admin, 'x'.repeat(256), 'Badly Keyed');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors['Idempotency-Key']).toHaveLength(1);
  });
});

describe(`Idempotency-Key with a request in flight or failing (${dbKind})`, () => {
  let open: () => void = () => undefined;
  const gate = { promise: new Promise<void>((resolve) => (open = resolve)), resolve: () => open() };
  let app: FastifyInstance;
  let ctx: TestContext;
  let headers: SignedIn;
  beforeAll(async () => {
    ctx = await createTestContext();
    // A second app on the same database with two routes that fail after or before saving.
    const config = loadConfig({ NODE_ENV: 'test', RUN_JOBS: 'false', DATA_DIR: mkdtempSync(join(tmpdir(), 'grove-idem-')), TOKEN_SECRET: ctx.config.tokenSecret, ...(ctx.config.databaseUrl ? { DATABASE_URL: ctx.config.databaseUrl } : {}) });
    app = await buildApp({ config, database: ctx.database, logger: false });
    let failBeforeSaving = true;
    app.post('/api/test/slow', { config: { access: 'authenticated' } }, async (request, reply) => {
      await gate.promise;
      const [row] = await ctx.database.db.insert(regions).values({ name: (request.body as { name: string }).name }).returning();
      return reply.status(201).send(row);
    });
    app.post('/api/test/fails-after-saving', { config: { access: 'authenticated' } }, async (request) => {
      await ctx.database.db.transaction(async (tx) => {
        await tx.insert(regions).values({ name: (request.body as { name: string }).name });
      });
      throw new Error('the answer is lost after the commit');
    });
    app.post('/api/test/fails-before-saving', { config: { access: 'authenticated' } }, async (request, reply) => {
      if (failBeforeSaving) {
        failBeforeSaving = false;
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      }
      const [row] = await ctx.database.db.transaction((tx) => tx.insert(regions).values({ name: (request.body as { name: string }).name }).returning());
      return reply.status(201).send(row);
    });
    await app.ready();
    headers = await signIn(ctx, await createUser(ctx, { roles: ['System Admin'] }));
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  it('answers 409 while the first request with the key is still running, then replays its answer', async () => {
    const key = randomUUID();
    const send = () => app.inject({ method: 'POST', url: '/api/test/slow', headers: { ...headers, 'idempotency-key': key }, payload: { name: 'Slow South' } });
    const first = send();
    for (let i = 0; i < 500; i++) {
      if ((await ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).length) break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const busy = await send();
    expect(busy.statusCode).toBe(409);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json()).toEqual({ message: KEY_RUNNING_TEXT });
    gate.resolve();
    const done = await first;
    expect(done.statusCode).toBe(201);
    const replay = await send();
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(done.json());
    expect(await ctx.database.db.select().from(regions).where(eq(regions.name, 'Slow South'))).toHaveLength(1);
  });

  it('a retry after a failure that saved nothing runs again and saves once', async () => {
    const key = randomUUID();
    const send = () => app.inject({ method: 'POST', url: '/api/test/fails-before-saving', headers: { ...headers, 'idempotency-key': key }, payload: { name: 'Second Try' } });
    const first = await send();
    expect(first.statusCode).toBe(503);
    const retry = await send();
    expect(retry.statusCode).toBe(201);
    expect((await send()).json()).toEqual(retry.json());
    expect(await ctx.database.db.select().from(regions).where(eq(regions.name, 'Second Try'))).toHaveLength(1);
  });

  it('a retry after a failure that had already saved never duplicates: 409, the record exists once', async () => {
    const key = randomUUID();
    const send = () => app.inject({ method: 'POST', url: '/api/test/fails-after-saving', headers: { ...headers, 'idempotency-key': key }, payload: { name: 'Saved Then Lost' } });
    expect((await send()).statusCode).toBe(500);
    const retry = await send();
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ message: KEY_OUTCOME_LOST_TEXT });
    expect(await ctx.database.db.select().from(regions).where(eq(regions.name, 'Saved Then Lost'))).toHaveLength(1);
  });

  it('without a key nothing changes: each call runs', async () => {
    const send = () => app.inject({ method: 'POST', url: '/api/test/fails-after-saving', headers, payload: { name: `Unkeyed ${randomUUID()}` } });
    expect((await send()).statusCode).toBe(500);
    expect((await send()).statusCode).toBe(500);
  });
});
