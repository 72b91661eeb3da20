import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { z } from 'zod';
import { defineJob } from '../jobs/define-job.js';
import { HttpError, badRequest } from './errors.js';

/*
 * Idempotency-Key on POST (issue 9 §2, docs/decisions/011-idempotency-keys.md). A client that
 * retries a create after a lost answer or a 503 must not create a second record.
 *
 *   first request   a `running` row (caller, key, request hash, lease) is written before the
 *                   handler runs; the answer is stored with it before it is sent (`done`).
 *   repeat          same request → the stored answer again (`Idempotent-Replayed: true`);
 *                   another body or path → 422; first still running → 409.
 *   failure (5xx)   nothing was saved → the row is removed, so a retry runs afresh. Something was
 *                   saved (a transaction of the request committed: each marks the row inside
 *                   itself) → the row stays `committed` and a retry gets 409, never a duplicate.
 *   crash           a `running` row whose lease ran out is taken over by the next retry (nothing
 *                   of it committed, or the row would say so).
 * Rows live 24 hours; a periodic job deletes expired ones. Only signed-in callers' writes (POST,
 * and PUT/PATCH/DELETE for the offline outbox, decision 019) take part (a key is scoped to its
 * caller); public endpoints (sign-in, reset) ignore the header.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/**
 * Methods whose answers are kept for a key: every create (POST) and, for the offline outbox that
 * keys every write it queues (decision 019), the other writes too.
 */
const KEYED_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const IDEMPOTENCY_TTL_HOURS = 24;
const LEASE_SECONDS = 120;
/** Answers larger than this are not kept (creates answer with one record). */
const MAX_STORED_BYTES = 256 * 1024;

export const KEY_INVALID_TEXT = 'The Idempotency-Key must be 1 to 255 visible ASCII characters.';
export const KEY_REUSED_TEXT = 'This Idempotency-Key was already used for a different request.';
export const KEY_RUNNING_TEXT = 'A request with this Idempotency-Key is still being processed. Please wait a moment.';
export const KEY_OUTCOME_LOST_TEXT = 'This request was already carried out, but its answer was lost. Reload to see the result.';

interface Claim {
  callerId: string;
  key: string;
  /** A transaction of this request committed (its changes are saved). */
  committed: boolean;
}

/** The claim of the request being handled, for the transaction marker below. */
const current = new AsyncLocalStorage<{ claim?: Claim }>();

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: Claim;
  }
}

/** The multipart plugin is registered inside the file routes only: judge by the content type here. */
const isMultipart = (request: FastifyRequest) => /^multipart\//i.test(request.headers['content-type'] ?? '');

function requestHash(request: FastifyRequest): string {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
  if (isMultipart(request)) {
    // Uploads are streamed to storage, never buffered: their length stands for the body.
    hash.update(`multipart ${request.headers['content-length'] ?? '?'} ${String(request.headers['content-type']).replace(/boundary=.*$/i, '')}`);
  } else {
    hash.update(JSON.stringify(request.body ?? null));
  }
  return hash.digest('hex');
}

function keyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) throw badRequest({ 'Idempotency-Key': [KEY_INVALID_TEXT] }, KEY_INVALID_TEXT);
  return key;
}

const where = (claim: Pick<Claim, 'callerId' | 'key'>) => and(eq(idempotencyKeys.callerId, claim.callerId), eq(idempotencyKeys.key, claim.key));

/**
 * Every top-level transaction of a request that holds a claim also marks the claim `committed`
 * inside itself: the mark is saved exactly when the request's changes are.
 */
const marked = new WeakSet<Db>();
function markCommitsOf(db: Db): void {
  if (marked.has(db)) return;
  marked.add(db);
  const original = db.transaction.bind(db);
  db.transaction = ((run: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    const claim = current.getStore()?.claim;
    if (!claim) return original(run, config);
    return original(async (tx) => {
      await tx.update(idempotencyKeys).set({ state: 'committed' }).where(where(claim));
      return run(tx);
    }, config).then((result) => {
      claim.committed = true;
      return result;
    });
  }) as Db['transaction'];
}

type KeyRow = typeof idempotencyKeys.$inferSelect & { expired: boolean; leaseOver: boolean };

async function claimKey(db: Db, callerId: string, key: string, hash: string): Promise<{ claimed: true } | { claimed: false; row: KeyRow }> {
  const lease = sql`now() + make_interval(secs => ${LEASE_SECONDS})`;
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ callerId, key, requestHash: hash, leaseUntil: lease, expiresAt: sql`now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})` })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length) return { claimed: true };
    const [row] = await db
      .select({
        callerId: idempotencyKeys.callerId,
        key: idempotencyKeys.key,
        requestHash: idempotencyKeys.requestHash,
        state: idempotencyKeys.state,
        leaseUntil: idempotencyKeys.leaseUntil,
        statusCode: idempotencyKeys.statusCode,
        responseBody: idempotencyKeys.responseBody,
        contentType: idempotencyKeys.contentType,
        createdAt: idempotencyKeys.createdAt,
        expiresAt: idempotencyKeys.expiresAt,
        expired: sql<boolean>`${idempotencyKeys.expiresAt} <= now()`,
        leaseOver: sql<boolean>`coalesce(${idempotencyKeys.leaseUntil} <= now(), true)`,
      })
      .from(idempotencyKeys)
      .where(where({ callerId, key }))
      .limit(1);
    if (!row) continue; // deleted meanwhile: try the insert again
    if (row.expired) {
      await db.delete(idempotencyKeys).where(and(where({ callerId, key }), sql`${idempotencyKeys.expiresAt} <= now()`));
      continue;
    }
    if (row.requestHash === hash && row.state === 'running' && row.leaseOver) {
      // The first attempt's process died before anything of it was saved: take its place.
      const taken = await db
        .update(idempotencyKeys)
        .set({ leaseUntil: lease })
        .where(and(where({ callerId, key }), eq(idempotencyKeys.state, 'running'), sql`coalesce(${idempotencyKeys.leaseUntil} <= now(), true)`))
        .returning({ key: idempotencyKeys.key });
      if (taken.length) return { claimed: true };
    }
    return { claimed: false, row };
  }
  throw new HttpError(409, KEY_RUNNING_TEXT, undefined, { 'retry-after': '1' });
}

export function registerIdempotency(app: FastifyInstance, database: Database): void {
  const { db } = database;
  markCommitsOf(db);

  // The claim must be visible to every transaction the handler opens: run the rest of the
  // request inside an async context (callback hook, so everything after it inherits it).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!KEYED_METHODS.has(request.method) || request.headers[IDEMPOTENCY_HEADER] === undefined) return done();
    current.run({}, done);
  });

  app.addHook('preValidation', async (request, reply) => {
    if (!KEYED_METHODS.has(request.method) || !request.auth) return;
    const key = keyOf(request);
    if (!key) return;
    const callerId = request.auth.id;
    const result = await claimKey(db, callerId, key, requestHash(request));
    if (result.claimed) {
      const claim: Claim = { callerId, key, committed: false };
      request.idempotencyClaim = claim;
      const store = current.getStore();
      if (store) store.claim = claim;
      return;
    }
    const { row } = result;
    if (row.requestHash !== requestHash(request)) throw new HttpError(422, KEY_REUSED_TEXT);
    if (row.state === 'done' && row.statusCode !== null) {
      if (isMultipart(request)) await drain(request);
      void reply.header('idempotent-replayed', 'true');
      if (row.contentType) void reply.type(row.contentType);
      return reply.status(row.statusCode).send(row.responseBody ?? undefined);
    }
    if (row.state === 'committed' && row.leaseOver) throw new HttpError(409, KEY_OUTCOME_LOST_TEXT);
    throw new HttpError(409, KEY_RUNNING_TEXT, undefined, { 'retry-after': '1' });
  });

  // Stored before it is sent, so a client never sees the answer while the row still says running.
  app.addHook('onSend', (request, reply, payload, done) => {
    const claim = request.idempotencyClaim;
    if (!claim) return done(null, payload);
    request.idempotencyClaim = undefined;
    storeAnswer(request, reply, payload, claim).then(() => done(null, payload), done);
  });

  async function storeAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown, claim: Claim): Promise<void> {
    try {
      const status = reply.statusCode;
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload == null ? '' : null;
      if (status < 500 && body !== null && Buffer.byteLength(body) <= MAX_STORED_BYTES) {
        const contentType = reply.getHeader('content-type');
        await db
          .update(idempotencyKeys)
          .set({ state: 'done', statusCode: status, responseBody: body, contentType: typeof contentType === 'string' ? contentType : null, leaseUntil: null })
          .where(where(claim));
      } else if (claim.committed) {
        await db.update(idempotencyKeys).set({ state: 'committed', leaseUntil: null }).where(where(claim));
      } else {
        await db.delete(idempotencyKeys).where(where(claim));
      }
    } catch (error) {
      // The database is gone mid-request: the lease runs out and a retry sorts it out (see top).
      request.log.warn({ err: error }, 'could not store the idempotent answer');
    }
  }
}

/** Removes keys past their 24 hours; returns how many. */
export async function deleteExpiredKeys(db: Db): Promise<number> {
  const removed = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, sql`now()`)).returning({ key: idempotencyKeys.key });
  return removed.length;
}

/** Hourly: expired keys go (a lookup also ignores them, so the schedule only keeps the table small). */
export const idempotencyCleanupJob = defineJob({
  name: 'http.idempotency-cleanup',
  payload: z.object({}),
  schedule: '30 * * * *',
  async handler(_payload, ctx) {
    const removed = await deleteExpiredKeys(ctx.db);
    if (removed > 0) ctx.log.info({ removed }, 'expired idempotency keys removed');
  },
});

/** A replayed upload's body is read and dropped, so the connection stays usable. */
async function drain(request: FastifyRequest): Promise<void> {
  for await (const chunk of request.raw) void chunk;
}
