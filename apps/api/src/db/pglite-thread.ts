import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Results, Transaction } from '@electric-sql/pglite';
import { apiRoot } from '../api-root.js';

/*
 * The embedded database off the main thread (issue 15 goal 2, decision 034). PGlite runs SQL
 * synchronously in WebAssembly on whichever thread calls it; `PGliteThread` starts it in a
 * worker_threads Worker (`pglite-worker.mjs`) and offers the part of PGlite's interface that
 * drizzle-orm/pglite and this app use — `query`, `exec`, `transaction`, `listen`, `close` — as
 * messages to that thread. PGlite's own `PGliteWorker` is for browsers (it elects a leader tab
 * through `navigator.locks`, which Node 20 lacks), hence this small protocol.
 *
 * Semantics are PGlite's: one connection, statements run one at a time in arrival order, and a
 * statement outside an open transaction waits until that transaction ends. Rows are parsed in the
 * worker and copied across (structured clone: strings, numbers, Dates, Uint8Arrays, JSON values).
 */

const WORKER_FILE = join(apiRoot, 'src/db/pglite-worker.mjs');

type Params = unknown[] | undefined;
interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Parsers by type id. Only "keep the text" parsers are supported (drizzle's timestamps and dates). */
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}
interface WireOptions {
  rowMode?: 'array' | 'object';
  keepTextTypes?: number[];
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** The error the worker sent, rebuilt with its fields (code, detail, constraint, …) for the callers. */
function rebuildError(data: Record<string, unknown>): Error {
  const error = new Error(typeof data.message === 'string' ? data.message : 'embedded database error');
  Object.assign(error, data);
  return error;
}

function wireOptions(options?: QueryOptions): WireOptions | undefined {
  if (!options) return undefined;
  const wire: WireOptions = {};
  if (options.rowMode) wire.rowMode = options.rowMode;
  if (options.parsers) wire.keepTextTypes = Object.keys(options.parsers).map(Number);
  return wire;
}

/** The transaction handle drizzle-orm/pglite calls inside `transaction(fn)`. */
interface ThreadTransaction {
  query<T>(sql: string, params?: Params, options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** Starts a database thread on `dataDir` and resolves once PGlite is open in it. */
async function startWorker(dataDir: string | undefined): Promise<Worker> {
  // No inherited flags (a TypeScript loader, a bench's preload): the worker is plain JavaScript.
  const worker = new Worker(WORKER_FILE, { workerData: { dataDir }, execArgv: [] });
  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: { op?: string; error?: Record<string, unknown> }) => {
      if (message.op === 'ready') done(null);
      else if (message.op === 'failed') done(rebuildError(message.error ?? {}));
    };
    const onError = (error: Error) => done(error);
    const onExit = (code: number) => done(new Error(`the database thread ended with code ${code} while opening`));
    const done = (error: Error | null) => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
  return worker;
}

/** A restart that failed is not tried again for this long: callers get the outage answer (503) meanwhile. */
const RESTART_PAUSE_MS = 1000;
/** A statement that only reads: a plain select (no `with`, which may hide a write). */
const READ = /^\s*select\s/i;

export class PGliteThread {
  readonly #dataDir: string | undefined;
  #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 0;
  /** Set when the thread ended: by `close()` for good, or by a crash (then restarted on the next call). */
  #stopped: Error | null = null;
  #closed = false;
  #restarting: Promise<void> | null = null;
  #lastRestartFailure = 0;
  /** Counts threads started: a transaction begun on an earlier one ended with it. */
  #generation = 0;
  #writes = 0;

  /**
   * Moves when any statement that may change data is sent and again when it has settled (every
   * statement that is not a plain `select`, transactions' begin and end, a restart). This process
   * is the only writer of its data folder (decision 010), so a value read between two equal counts
   * is still the database's: the session memo (http/session-memo.ts, decision 043) relies on it.
   */
  get writes(): number {
    return this.#writes;
  }

  private constructor(worker: Worker, dataDir: string | undefined) {
    this.#dataDir = dataDir;
    this.#worker = worker;
    this.#attach(worker);
  }

  /**
   * Starts the thread and opens the database in `dataDir` (in memory without one). `onWorker` sees
   * every thread started (the first and any restart); tests use it to end one as a crash would.
   */
  static async create(dataDir?: string, onWorker?: (worker: Worker) => void): Promise<PGliteThread> {
    const worker = await startWorker(dataDir);
    onWorker?.(worker);
    const thread = new PGliteThread(worker, dataDir);
    thread.#onWorker = onWorker;
    return thread;
  }

  #onWorker: ((worker: Worker) => void) | undefined;

  #attach(worker: Worker): void {
    // Idle, the thread does not keep the process alive (as the in-thread PGlite does not); it is
    // referenced while a call is waiting for its answer.
    worker.unref();
    worker.on('message', (message: { id?: number; op?: string; result?: unknown; error?: Record<string, unknown>; channel?: string; payload?: string }) => {
      if (message.op === 'notify') {
        for (const listener of this.#listeners.get(message.channel!) ?? []) listener(message.payload ?? '');
        return;
      }
      const pending = message.id === undefined ? undefined : this.#pending.get(message.id);
      if (!pending) return;
      this.#settled(message.id!);
      if (message.error) pending.reject(rebuildError(message.error));
      else pending.resolve(message.result);
    });
    const stop = (error: Error) => {
      if (worker !== this.#worker) return;
      this.#stopped ??= error;
      for (const [id, pending] of this.#pending) {
        this.#settled(id);
        pending.reject(this.#stopped);
      }
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`PGlite is closed (the database thread ended with code ${code})`)));
  }

  /**
   * A thread that ended without `close()` (PGlite aborted, out of memory) is started again on the
   * data folder, as PostgreSQL restarts after a backend crash: the calls that were waiting fail as
   * an outage (503, the client retries), later calls run on the new thread, and LISTENs are renewed.
   * An in-memory database is not restarted: its data died with the thread.
   */
  async #ensureRunning(): Promise<void> {
    if (!this.#stopped) return;
    if (this.#closed || this.#dataDir === undefined || Date.now() - this.#lastRestartFailure < RESTART_PAUSE_MS) throw this.#stopped;
    this.#restarting ??= (async () => {
      try {
        const worker = await startWorker(this.#dataDir);
        this.#onWorker?.(worker);
        this.#worker = worker;
        this.#generation += 1;
        this.#writes += 1;
        this.#attach(worker);
        this.#stopped = null;
        for (const channel of this.#listeners.keys()) await this.#send({ op: 'listen', channel });
      } catch (error) {
        this.#lastRestartFailure = Date.now();
        throw error;
      } finally {
        this.#restarting = null;
      }
    })();
    await this.#restarting;
  }

  #settled(id: number): void {
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
  }

  async #call<T>(message: Record<string, unknown>): Promise<T> {
    const read = message.op === 'query' && READ.test(message.sql as string);
    if (read) return this.#callOnce<T>(message);
    this.#writes += 1;
    try {
      return await this.#callOnce<T>(message);
    } finally {
      this.#writes += 1;
    }
  }

  async #callOnce<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#stopped) {
      // Statements of a transaction die with its thread; only new work starts a new one.
      if (message.tx !== undefined) throw this.#stopped;
      await this.#ensureRunning();
    }
    return this.#send<T>(message);
  }

  #send<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = ++this.#nextId;
    return new Promise<T>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  query<T>(sql: string, params?: Params, options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.#call({ op: 'query', sql, params: params ?? [], options: wireOptions(options), tx });
  }

  exec(sql: string, options?: QueryOptions, tx?: number): Promise<Results[]> {
    return this.#call({ op: 'exec', sql, options: wireOptions(options), tx });
  }

  /** BEGIN, `fn` with a handle whose statements run inside, then COMMIT — or ROLLBACK when `fn` throws. */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ op: 'begin' });
    const generation = this.#generation;
    let closed = false;
    const ensureOpen = () => {
      if (closed) throw new Error('Transaction is closed');
      // Its thread crashed: the transaction is gone (PostgreSQL rolled it back) and must not run on the next one.
      if (generation !== this.#generation) throw new Error('PGlite is closed (the transaction ended with its database thread)');
    };
    const end = async (commit: boolean) => {
      closed = true;
      if (generation !== this.#generation) {
        if (commit) throw new Error('PGlite is closed (the transaction ended with its database thread)');
        return;
      }
      await this.#call({ op: 'end', tx: id, commit });
    };
    const tx: ThreadTransaction = {
      query: <R>(sql: string, params?: Params, options?: QueryOptions) => {
        ensureOpen();
        return this.query<R>(sql, params, options, id);
      },
      exec: (sql: string, options?: QueryOptions) => {
        ensureOpen();
        return this.exec(sql, options, id);
      },
      rollback: () => {
        ensureOpen();
        return end(false);
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await fn(tx as unknown as Transaction);
    } catch (error) {
      if (!closed) await end(false);
      throw error;
    }
    if (!closed) await end(true);
    return result;
  }

  /** NOTIFYs on `channel` (after the sending transaction commits). Resolves with the unlisten function. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
      await this.#call({ op: 'listen', channel });
    }
    set.add(callback);
    return async () => {
      const current = this.#listeners.get(channel);
      if (!current?.delete(callback) || current.size > 0) return;
      this.#listeners.delete(channel);
      if (!this.#stopped) await this.#call({ op: 'unlisten', channel });
    };
  }

  /** Closes the database (checkpoint and files) and ends the thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#stopped) return;
    await this.#send({ op: 'close' });
    this.#stopped = new Error('PGlite is closed');
    await this.#worker.terminate();
  }
}
