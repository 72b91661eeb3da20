import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { insideTransaction } from './transaction-scope.js';

/**
 * Prepared statements of the hot paths (issue 15, decision 033), built once per database and
 * statement: the query builder runs once, and on PostgreSQL the statement is parsed once per
 * connection and, after a few runs, planned once (a named statement of node-postgres). On PGlite
 * the builder's work is saved. Values go in as `sql.placeholder(…)`. Never use one inside a
 * transaction: it runs on the pool, not on the transaction's connection; running one there throws
 * (rather than waiting forever for PGlite's one connection).
 */
const stores = new WeakMap<object, Map<string, unknown>>();

export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let store = stores.get(db);
  if (!store) {
    store = new Map();
    stores.set(db, store);
  }
  let statement = store.get(name) as T | undefined;
  if (statement === undefined) {
    // Built on a transaction's handle it runs on that transaction's connection: nothing to refuse.
    statement = is(db, PgTransaction) ? build(db, name) : refusedInTransactions(build(db, name), name);
    store.set(name, statement);
  }
  return statement;
}

/** A uuid[] value for a placeholder cast `::uuid[]` (text, the same on node-postgres and PGlite). */
export function uuidList(ids: readonly string[]): string {
  return `{${ids.join(',')}}`;
}

/** Wraps `execute` of a built statement so that it throws when called inside a transaction. */
function refusedInTransactions<T>(statement: T, name: string): T {
  const target = statement as { execute?: (...args: unknown[]) => unknown };
  const execute = target.execute;
  if (typeof execute !== 'function') return statement;
  target.execute = function (this: unknown, ...args: unknown[]) {
    if (insideTransaction()) throw new Error(`prepared statement "${name}" called inside a transaction; use the transaction's query builder`);
    return execute.apply(this, args);
  };
  return statement;
}
