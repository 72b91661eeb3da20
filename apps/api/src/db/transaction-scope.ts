import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './client.js';

/**
 * Marks the code that runs inside `db.transaction(…)`, so a prepared statement (which runs on the
 * pool, not on the transaction's connection) can refuse to run there: on PGlite's one connection
 * it would wait for the transaction forever, on PostgreSQL it would miss the transaction's writes.
 * The mark is cleared when the transaction settles, so work the callback started and left running
 * is not mistaken for transaction work afterwards.
 */
const scope = new AsyncLocalStorage<{ open: boolean }>();

export function insideTransaction(): boolean {
  return scope.getStore()?.open === true;
}

/** Wraps `db.transaction` of a fresh drizzle instance with the mark (savepoints inherit it). */
export function markTransactions<T extends Db>(db: T): T {
  const transaction = db.transaction.bind(db);
  db.transaction = ((callback, config) => {
    const mark = { open: true };
    return scope.run(mark, () => transaction(callback, config)).finally(() => {
      mark.open = false;
    });
  });
  return db;
}
