import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKind, type TestContext } from '../test/test-app.js';
import { prepared } from './prepared.js';

describe(`prepared statements and transactions (${dbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const probe = () => prepared(ctx.database.db, 'probe_one', (db, name) => db.select({ one: sql<number>`1` }).from(sql`(select 1) as t`).prepare(name));

  it('runs a prepared statement outside a transaction', async () => {
    expect(await probe().execute()).toEqual([{ one: 1 }]);
  });

  it('refuses a prepared statement inside a transaction, by name, instead of waiting on the pool', async () => {
    const inside = ctx.database.db.transaction(async () => probe().execute());
    await expect(inside).rejects.toThrow(/prepared statement "probe_one" called inside a transaction/);
    // The transaction rolled back and the database still answers.
    expect(await probe().execute()).toEqual([{ one: 1 }]);
  });

  it("runs one built on the transaction's own handle", async () => {
    const rows = await ctx.database.db.transaction(async (tx) =>
      prepared(tx as unknown as typeof ctx.database.db, 'probe_tx', (db, name) => db.select({ one: sql<number>`1` }).from(sql`(select 1) as t`).prepare(name)).execute(),
    );
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('refuses it in a savepoint too, and not in work the transaction left running after it settled', async () => {
    let release!: () => void;
    const settled = new Promise<void>((resolve) => (release = resolve));
    let later: Promise<unknown> | undefined;
    await ctx.database.db.transaction(async (tx) => {
      await expect(tx.transaction(async () => probe().execute())).rejects.toThrow(/inside a transaction/);
      // Started here (it carries the transaction's async context), run after the commit.
      later = settled.then(() => probe().execute());
    });
    release();
    expect(await later).toEqual([{ one: 1 }]);
  });
});
