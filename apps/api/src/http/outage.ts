import type { FastifyInstance } from 'fastify';
import { storageProblem } from '../boot/data-dir.js';
import { HttpError } from './errors.js';

/*
 * Outages answer 503 with Retry-After, never 500 (issue 9 §3): a client (or the web app's retry)
 * may simply try again, and with an Idempotency-Key that retry cannot duplicate anything.
 *   database  the server is unreachable, restarting, or refused the connection;
 *   storage   the disk under DATA_DIR is full or read-only (PGlite's files, local uploads).
 */

export type Outage = 'database' | 'storage';

export const DATABASE_UNAVAILABLE_TEXT = 'The service is briefly unavailable. Please try again in a moment.';
export const STORAGE_UNAVAILABLE_TEXT = 'Changes cannot be saved right now: the server’s storage is full or read-only. Please try again later.';
const RETRY_AFTER: Record<Outage, number> = { database: 5, storage: 30 };

/** SQLSTATEs of a lost or refused connection (class 08, admin shutdown, starting up, too many clients). */
const DATABASE_STATES = /^(08...|57P0[1-4]|53300)$/;
/** SQLSTATEs of storage trouble: disk full, I/O error. */
const STORAGE_STATES = new Set(['53100', '58030']);
const NETWORK_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
const STORAGE_ERRNOS = new Set(['ENOSPC', 'EROFS', 'EDQUOT', 'EIO']);
/** node-postgres and PGlite say these in words only. */
const DATABASE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Cannot use a pool after calling end/i,
  /PGlite is closed/i,
];
const STORAGE_MESSAGES = [/No space left on device/i, /Read-only file system/i, /could not (write|extend|fsync|create)/i];

/** What kind of outage the error (or an error it wraps) is, or null for an ordinary failure. */
export function outageOf(error: unknown, depth = 0): Outage | null {
  if (!error || typeof error !== 'object' || depth > 5) return null;
  const e = error as { code?: unknown; errno?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (STORAGE_STATES.has(code) || STORAGE_ERRNOS.has(code) || STORAGE_MESSAGES.some((pattern) => pattern.test(message))) return 'storage';
  if (DATABASE_STATES.test(code) || NETWORK_ERRNOS.has(code) || DATABASE_MESSAGES.some((pattern) => pattern.test(message))) return 'database';
  const nested: unknown[] = [e.cause, ...(Array.isArray(e.errors) ? (e.errors as unknown[]) : [])];
  for (const inner of nested) {
    const found = outageOf(inner, depth + 1);
    if (found) return found;
  }
  return null;
}

export function outageError(kind: Outage): HttpError {
  return new HttpError(503, kind === 'database' ? DATABASE_UNAVAILABLE_TEXT : STORAGE_UNAVAILABLE_TEXT, undefined, {
    'retry-after': String(RETRY_AFTER[kind]),
  });
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface StorageHealth {
  /** Null when the folder takes writes; else the reason. Probes at most once a second. */
  problem(): string | null;
  /** A write just failed for lack of space or a read-only disk: believe it until the next probe. */
  reportFailure(reason: string): void;
}

/**
 * Watches DATA_DIR when something local lives there (the embedded database, local uploads):
 * writes are refused with 503 while it is full or read-only, before they can half-fail, and
 * /readyz reports it. Reads keep working.
 */
export function registerStorageGuard(app: FastifyInstance, options: { dataDir: string; enabled: boolean; everyMs?: number }): StorageHealth {
  const everyMs = options.everyMs ?? 1_000;
  let checkedAt = 0;
  let current: string | null = null;
  const health: StorageHealth = {
    problem() {
      if (!options.enabled) return null;
      if (Date.now() - checkedAt >= everyMs) {
        current = storageProblem(options.dataDir);
        checkedAt = Date.now();
      }
      return current;
    },
    reportFailure(reason) {
      current = reason;
      checkedAt = Date.now();
    },
  };
  if (options.enabled) {
    app.addHook('onRequest', (request, _reply, done) => {
      if (!WRITE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
      const problem = health.problem();
      if (problem) {
        request.log.warn({ problem, dataDir: options.dataDir }, 'write refused: storage is not writable');
        return done(outageError('storage'));
      }
      done();
    });
  }
  return health;
}
