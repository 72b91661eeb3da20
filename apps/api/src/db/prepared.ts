import type { Db } from './client.js';

/**
 * Prepared statements of the hot paths (issue 15, decision 033), built once per database and
 * statement: the query builder runs once, and on PostgreSQL the statement is parsed once per
 * connection and, after a few runs, planned once (a named statement of node-postgres). On PGlite
 * the builder's work is saved. Values go in as `sql.placeholder(…)`. Never use one inside a
 * transaction: it runs on the pool, not on the transaction's connection.
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
    statement = build(db, name);
    store.set(name, statement);
  }
  return statement;
}

/** A uuid[] value for a placeholder cast `::uuid[]` (text, the same on node-postgres and PGlite). */
export function uuidList(ids: readonly string[]): string {
  return `{${ids.join(',')}}`;
}
