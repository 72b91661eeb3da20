import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { outageOf } from '../http/outage.js';
import { isUniqueViolation } from '../lib/db-errors.js';
import { openDatabase, type Database } from './client.js';
import { PGliteThread } from './pglite-thread.js';

/*
 * The embedded database in its own thread (decision 034): what drizzle and the app rely on keeps
 * working across the thread boundary — typed values, errors with their SQLSTATE and constraint,
 * transactions that commit or roll back, statements waiting for an open transaction, NOTIFY — and
 * the main thread's event loop keeps turning while the database works.
 */
describe('PGlite in a worker thread', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ inMemory: true, pgliteThread: 'worker' });
    await database.db.execute(sql`create table thread_probe (id int primary key, note text, at timestamptz default now(), data bytea, doc jsonb)`);
  });
  afterAll(async () => {
    await database.close();
  });

  it('returns rows with their types', async () => {
    await database.db.execute(sql`insert into thread_probe (id, note, data, doc) values (1, 'one', '\\x0102'::bytea, '{"a":[1,2]}')`);
    const { rows } = await database.db.execute<{ id: number; note: string; data: Uint8Array; doc: unknown; big: string; n: string }>(
      sql`select id, note, data, doc, 9007199254740993::int8::text as big, 1.50::numeric as n from thread_probe where id = ${1}`,
    );
    expect(rows).toEqual([{ id: 1, note: 'one', data: new Uint8Array([1, 2]), doc: { a: [1, 2] }, big: '9007199254740993', n: '1.50' }]);
  });

  it('keeps the SQLSTATE and constraint of an error', async () => {
    const failure = await database.db.execute(sql`insert into thread_probe (id, note) values (1, 'again')`).catch((error: unknown) => error);
    expect(isUniqueViolation(failure, 'thread_probe_pkey')).toBe(true);
    const division = await database.db.execute(sql`select 1 / 0`).catch((error: { cause?: { code?: string } }) => error.cause?.code);
    expect(division).toBe('22012');
  });

  it('commits a transaction and rolls back a failed one', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (id, note) values (2, 'kept')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe (id, note) values (3, 'dropped')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe (id, note) values (4, 'dropped')`);
        tx.rollback();
      }),
    ).rejects.toThrow();
    const { rows } = await database.db.execute<{ id: number }>(sql`select id from thread_probe where id > 1 order by id`);
    expect(rows.map((row) => row.id)).toEqual([2]);
  });

  it('runs a statement from outside only after an open transaction ends', async () => {
    const order: string[] = [];
    let outside: Promise<string | undefined> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update thread_probe set note = 'in transaction' where id = 2`);
      outside = database.db.execute<{ note: string }>(sql`select note from thread_probe where id = 2`).then((result) => {
        order.push('outside read');
        return result.rows[0]?.note;
      });
      // Sent after the outside read: were that read not held back, its answer would come first.
      await tx.execute(sql`select 1`);
      order.push('transaction still open');
    });
    expect(await outside).toBe('in transaction');
    expect(order).toEqual(['transaction still open', 'outside read']);
  });

  it('delivers NOTIFY after commit', async () => {
    const payloads: (string | undefined)[] = [];
    const stop = await database.listen('thread_probe', (payload) => payloads.push(payload));
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('thread_probe', 'after commit')`);
    });
    await expect.poll(() => payloads, { timeout: 5_000 }).toEqual(['after commit']);
    await stop();
  });

  it('leaves the event loop free while the database works', async () => {
    // About a second of SQL in the worker; the main thread's timer keeps firing meanwhile.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    await database.db.execute(sql`select count(*) from generate_series(1, 3000000) g where md5(g::text) like 'a%'`);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(5);
  });
});

/*
 * A database thread that dies (PGlite aborted, out of memory) must not leave the server answering
 * 503 until someone restarts it: the calls that were waiting fail as an outage, the next call
 * starts a new thread on the same folder, committed rows are there, LISTENs are renewed.
 */
describe('PGlite thread that crashes', () => {
  let dir: string;
  const workers: Worker[] = [];
  let thread: PGliteThread;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'grove-pglite-crash-'));
    thread = await PGliteThread.create(dir, (worker) => workers.push(worker));
    await thread.exec('create table crash_probe (id int primary key)');
    await thread.query('insert into crash_probe values (1)');
  });
  afterAll(async () => {
    await thread.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails the waiting calls as an outage and runs the next call on a new thread with the committed data', async () => {
    const notified: string[] = [];
    await thread.listen('crash_probe', (payload) => notified.push(payload));
    const waiting = thread.query('select pg_sleep(5)').catch((error: unknown) => error);
    await workers[0]!.terminate();
    expect(outageOf(await waiting)).toBe('database');

    const { rows } = await thread.query<{ id: number }>('select id from crash_probe order by id');
    expect(rows).toEqual([{ id: 1 }]);
    expect(workers).toHaveLength(2);

    await thread.query(`select pg_notify('crash_probe', 'after restart')`);
    await expect.poll(() => notified, { timeout: 5_000 }).toEqual(['after restart']);
  });

  it('ends a transaction that was open on the crashed thread as an outage, without running its rest on the new one', async () => {
    const outcome = thread
      .transaction(async (tx) => {
        await tx.query('insert into crash_probe values (2)');
        await workers.at(-1)!.terminate();
        await tx.query('insert into crash_probe values (3)');
      })
      .catch((error: unknown) => error);
    expect(outageOf(await outcome)).toBe('database');
    const { rows } = await thread.query<{ id: number }>('select id from crash_probe order by id');
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('does not restart an in-memory database (its data died with the thread)', async () => {
    const started: Worker[] = [];
    const memory = await PGliteThread.create(undefined, (worker) => started.push(worker));
    await started[0]!.terminate();
    expect(outageOf(await memory.query('select 1').catch((error: unknown) => error))).toBe('database');
    expect(started).toHaveLength(1);
    await memory.close();
  });
});
