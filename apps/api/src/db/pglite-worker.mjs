// The embedded database's own thread (decision 034). PGlite runs PostgreSQL compiled to WebAssembly
// synchronously on the thread that calls it; here that is this worker_threads Worker, so the API's
// event loop never waits on SQL. The main thread talks to it through `pglite-thread.ts` with the
// small protocol below. Plain JavaScript on purpose: a worker is started from a file path, and the
// same file must run under tsx/vitest (TypeScript sources) and from the compiled bundle.
//
//   → { id, op: 'query', sql, params, options, tx? }   ← { id, result } | { id, error }
//   → { id, op: 'exec', sql, options, tx? }
//   → { id, op: 'begin' }  (result: a transaction id)   → { id, op: 'end', tx, commit }
//   → { id, op: 'listen', channel }  → { id, op: 'unlisten', channel }   ← { op: 'notify', channel, payload }
//   → { id, op: 'close' }
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');

/** Functions cannot cross threads: a caller's parsers arrive as type ids meaning "keep the text". */
const keepText = (value) => value;
function queryOptions(options) {
  if (!options) return undefined;
  const { keepTextTypes, ...rest } = options;
  return keepTextTypes ? { ...rest, parsers: Object.fromEntries(keepTextTypes.map((type) => [type, keepText])) } : rest;
}

/** An error as plain data: its message, name, stack and every field that can be copied (code, detail, constraint, …). */
function errorData(error) {
  if (!(error instanceof Object)) return { message: String(error) };
  const data = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    try {
      data[key] = structuredClone(value);
    } catch {
      // not copyable (a query's parser functions): left out
    }
  }
  return data;
}

let db;
try {
  db = await PGlite.create(workerData?.dataDir, { extensions: { pg_trgm } });
  port.postMessage({ op: 'ready' });
} catch (error) {
  port.postMessage({ op: 'failed', error: errorData(error) });
  process.exit(1);
}

/** Open transactions by id: the worker side of `db.transaction`, held open until the main thread ends it. */
const transactions = new Map();
let transactionNumber = 0;
const ROLLBACK = Symbol('rollback');

async function begin() {
  const id = ++transactionNumber;
  let decide;
  const decision = new Promise((resolve) => (decide = resolve));
  let opened;
  const open = new Promise((resolve) => (opened = resolve));
  const finished = db.transaction(async (tx) => {
    transactions.set(id, { tx, decide, finished });
    opened();
    if (!(await decision)) throw ROLLBACK;
  });
  finished.catch(() => undefined).finally(() => transactions.delete(id));
  // BEGIN itself can fail (closed database): then `finished` rejects before the callback ran.
  await Promise.race([open, finished]);
  return id;
}

async function end(id, commit) {
  const open = transactions.get(id);
  if (!open) throw new Error('Transaction is closed');
  open.decide(commit);
  try {
    await open.finished;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  return null;
}

const target = (tx) => {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
};

const unlisteners = new Map();

async function handle(message) {
  switch (message.op) {
    case 'query':
      return target(message.tx).query(message.sql, message.params, queryOptions(message.options));
    case 'exec':
      return target(message.tx).exec(message.sql, queryOptions(message.options));
    case 'begin':
      return begin();
    case 'end':
      return end(message.tx, message.commit);
    case 'listen':
      if (!unlisteners.has(message.channel)) {
        unlisteners.set(message.channel, await db.listen(message.channel, (payload) => port.postMessage({ op: 'notify', channel: message.channel, payload })));
      }
      return null;
    case 'unlisten': {
      const unlisten = unlisteners.get(message.channel);
      unlisteners.delete(message.channel);
      await unlisten?.();
      return null;
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown operation ${String(message.op)}`);
  }
}

port.on('message', (message) => {
  handle(message).then(
    (result) => port.postMessage({ id: message.id, result }),
    (error) => port.postMessage({ id: message.id, error: errorData(error) }),
  );
});
