import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { apiRoot } from '../api-root.js';
import { PGliteThread } from './pglite-thread.js';
import * as schema from './schema.js';
import { markTransactions } from './transaction-scope.js';

/** What both drivers' raw results have in common: the rows. */
interface RowsOf<Row> {
  rows: Row[];
}
export interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsOf<this['row']>;
}
/** The one database type of the app: node-postgres and PGlite drizzle instances both are one. */
export type Db = PgDatabase<RowsResultHKT, typeof schema>;
/** The handle inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations (idempotent). */
  migrate(): Promise<void>;
  /** Cheap round trip for /readyz. */
  ping(): Promise<void>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` (delivered when the sending transaction
   * commits, never on rollback) with its payload. PostgreSQL: one dedicated connection that
   * reconnects after a drop and then calls `onNotify()` once without a payload, since a
   * notification may have been missed meanwhile.
   * Resolves with a function that stops listening.
   */
  listen(channel: string, onNotify: (payload?: string) => void, log?: ListenLog): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * The embedded database in its thread only: a count that moves whenever a statement that may
   * write is sent or settles (PGliteThread#writes). Absent where another process may write
   * (PostgreSQL) — there nothing read may be kept across calls.
   */
  writes?: () => number;
}

export interface ListenLog {
  warn(details: object, message: string): void;
}

/** LISTEN on a dedicated PostgreSQL connection, reconnecting with backoff until stopped. */
async function listenPostgres(databaseUrl: string, channel: string, onNotify: (payload?: string) => void, log?: ListenLog): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delayMs = 500;

  const retryLater = () => {
    if (stopped) return;
    retryTimer = setTimeout(() => void connect(false), delayMs);
    retryTimer.unref();
    delayMs = Math.min(delayMs * 2, 30_000);
  };

  const connect = async (initial: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) client = undefined;
      void next.end().catch(() => undefined);
      if (stopped) return;
      log?.warn({ err: error, channel }, 'database listener lost; reconnecting');
      retryLater();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload);
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost = true;
      await next.end().catch(() => undefined);
      // At start the caller hears of it; later, keep trying.
      if (initial) throw error;
      retryLater();
      return;
    }
    if (stopped) {
      lost = true;
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delayMs = 500;
    // Whatever was sent while no one listened is looked at now.
    if (!initial) onNotify();
  };

  await connect(true);
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    const current = client;
    client = undefined;
    await current?.end().catch(() => undefined);
  };
}

const migrationsFolder = join(apiRoot, 'drizzle');

/**
 * One schema, one migration set, two drivers. Both drizzle flavours share the query builder,
 * so the rest of the code sees a single `Db` type.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  logger?: Logger;
  /**
   * Where the embedded database runs its SQL: 'worker' (default) in a thread of its own so the
   * event loop never waits on a query (decision 034); 'main' on the calling thread.
   */
  pgliteThread?: 'worker' | 'main';
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
}): Promise<Database> {
  if (options.databaseUrl) {
    const databaseUrl = options.databaseUrl;
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it and the next query reconnects.
    pool.on('error', (error) => console.error(JSON.stringify({ level: 40, msg: 'idle database client failed', err: error.message })));
    const db = markTransactions(drizzlePg(pool, { schema, ...(options.logger ? { logger: options.logger } : {}) }));
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      listen: (channel, onNotify, log) => listenPostgres(databaseUrl, channel, onNotify, log),
      close: () => pool.end(),
    };
  }
  let dataPath: string | undefined;
  if (!options.inMemory) {
    dataPath = join(options.dataDir ?? './data', 'pglite');
    mkdirSync(dataPath, { recursive: true });
  }
  // pg_trgm: the trigram search indexes of migration 0022 (decision 029); the worker loads it too.
  const client =
    options.pgliteThread === 'main' ? await PGlite.create(dataPath, { extensions: { pg_trgm } }) : await PGliteThread.create(dataPath);
  // drizzle-orm/pglite calls only query/exec/transaction, which PGliteThread has with PGlite's signatures.
  const db = markTransactions(drizzlePglite(client as PGlite, { schema, ...(options.logger ? { logger: options.logger } : {}) }));
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, (payload) => onNotify(payload));
      return () => unlisten();
    },
    close: () => client.close(),
    ...(client instanceof PGliteThread ? { writes: () => client.writes } : {}),
  };
}
