import type { IncomingMessage, ServerResponse } from 'node:http';
import { and, asc, gt, inArray, isNull, sql } from 'drizzle-orm';
import { hasStaffRole } from '@grove/shared';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { isCustomerInScope } from '../domains/scope/index.js';
import type { AuthUser } from '../http/authenticate.js';
import { liveEventKind } from '../modules/catalog.js';
import type { LiveEventFacts } from '../modules/domain-module.js';
import { LIVE_CHANNEL } from './publish.js';
import { liveEvents, type LiveEventRow } from './table.js';

/*
 * One hub per API process (docs/decisions/020-live-updates.md). It holds this process's open event
 * streams, listens on the `grove_live` channel (PostgreSQL LISTEN; on PGlite the embedded
 * database's own in-process notifications, same interface), and for every announced event id
 * re-reads the row and asks, per user with an open stream, whether that user may receive it. The
 * NOTIFY payload is only an id, so nothing a user may not see travels between processes.
 */

export interface LiveHubOptions {
  /** Comment line that keeps proxies from closing an idle stream. */
  heartbeatMs?: number;
  /** How often every open stream's session is re-checked (logout, expiry, deactivation). */
  sessionCheckMs?: number;
}

interface LogLike {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface LiveHub {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Ends every open stream (shutdown drain: clients reconnect to another process). */
  endAll(): void;
  /** Serves one stream on a hijacked response until the client leaves or the session ends. */
  open(user: AuthUser, request: IncomingMessage, response: ServerResponse, lastEventId: number | null): Promise<void>;
  /** Open streams of this process. */
  count(): number;
}

const REPLAY_LIMIT = 500;
const MAX_STREAMS_PER_SESSION = 12;
/** A client that does not read is cut off rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** How many users' receive checks run at once for one event. */
const CHECK_CONCURRENCY = 16;
/** Ids already sent by this process, so a catch-up after a lost listener sends nothing twice. */
const REMEMBERED_IDS = 5000;

interface Connection {
  user: AuthUser;
  response: ServerResponse;
  /** Events that arrived while the replay was being written. */
  pending: LiveEventRow[] | null;
  lastSentId: number;
  closed: boolean;
}

function factsOf(row: LiveEventRow): LiveEventFacts {
  return {
    id: row.id,
    type: row.type,
    customerId: row.customerId,
    userIds: row.userIds,
    staffOnly: row.staffOnly,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
  };
}

/** The SSE frame of an event: ids and the type, never content (screens refetch through the API). */
export function eventFrame(row: LiveEventRow): string {
  const data = {
    id: row.id,
    type: row.type,
    customerId: row.customerId,
    subject: row.subjectType && row.subjectId ? { type: row.subjectType, id: row.subjectId } : null,
    at: row.createdAt.toISOString(),
  };
  return `id: ${row.id}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Whether `user` may receive the event: the hub's checks, then the declaring module's rule. */
export async function mayReceive(db: Db, user: AuthUser, row: LiveEventRow): Promise<boolean> {
  const kind = liveEventKind(row.type);
  if (!kind) return false;
  if (row.userIds && !row.userIds.includes(user.id)) return false;
  if (row.staffOnly && !hasStaffRole(user.roles)) return false;
  if (row.customerId && !(await isCustomerInScope(db, user, row.customerId))) return false;
  return kind.canReceive ? kind.canReceive(db, user, factsOf(row)) : true;
}

async function inBatches<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, lane));
}

export function createLiveHub(deps: { database: Database; config: Config; log: LogLike }, options: LiveHubOptions = {}): LiveHub {
  const { database, config, log } = deps;
  const db = database.db;
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const sessionCheckMs = options.sessionCheckMs ?? 30_000;
  const connections = new Set<Connection>();
  const remembered = new Set<number>();
  let unlisten: (() => Promise<void>) | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let sessionTimer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** Events are sent one after another, in the order they were announced. */
  let queue: Promise<void> = Promise.resolve();

  const close = (connection: Connection) => {
    if (connection.closed) return;
    connection.closed = true;
    connections.delete(connection);
    if (!connection.response.writableEnded) connection.response.end();
  };

  const write = (connection: Connection, text: string) => {
    if (connection.closed) return;
    if (connection.response.writableLength > MAX_BUFFERED_BYTES) {
      log.warn({ userId: connection.user.id }, 'live stream not read by its client; closed');
      close(connection);
      return;
    }
    connection.response.write(text);
  };

  const sendTo = (connection: Connection, row: LiveEventRow) => {
    if (connection.pending) {
      connection.pending.push(row);
      return;
    }
    if (row.id <= connection.lastSentId) return;
    connection.lastSentId = row.id;
    write(connection, eventFrame(row));
  };

  const remember = (id: number) => {
    remembered.add(id);
    if (remembered.size > REMEMBERED_IDS) remembered.delete(remembered.values().next().value!);
  };

  /** Sends one stored event to every open stream whose user may receive it (checked once per user). */
  const dispatch = async (row: LiveEventRow) => {
    remember(row.id);
    const byUser = new Map<string, Connection[]>();
    for (const connection of connections) {
      const list = byUser.get(connection.user.id);
      if (list) list.push(connection);
      else byUser.set(connection.user.id, [connection]);
    }
    await inBatches([...byUser.values()], CHECK_CONCURRENCY, async (list) => {
      let allowed = false;
      try {
        allowed = await mayReceive(db, list[0]!.user, row);
      } catch (error) {
        log.error({ err: error, eventId: row.id, type: row.type }, 'live event receive check failed; not sent');
      }
      if (allowed) for (const connection of list) sendTo(connection, row);
    });
  };

  const dispatchIds = (ids: readonly number[]) => {
    queue = queue
      .then(async () => {
        const fresh = ids.filter((id) => !remembered.has(id));
        if (fresh.length === 0 || connections.size === 0) {
          fresh.forEach(remember);
          return;
        }
        const rows = await db.select().from(liveEvents).where(inArray(liveEvents.id, fresh)).orderBy(asc(liveEvents.id));
        for (const row of rows) await dispatch(row);
      })
      .catch((error: unknown) => log.error({ err: error }, 'live event dispatch failed'));
  };

  /** After the listener was lost: whatever was announced meanwhile (the last few minutes) and not yet sent. */
  const catchUp = () => {
    queue = queue
      .then(async () => {
        const rows = await db
          .select({ id: liveEvents.id })
          .from(liveEvents)
          .where(gt(liveEvents.createdAt, sql`now() - interval '5 minutes'`))
          .orderBy(asc(liveEvents.id));
        dispatchIds(rows.map((row) => row.id));
      })
      .catch((error: unknown) => log.error({ err: error }, 'live event catch-up failed'));
  };

  /** Ends the streams whose session is no longer alive (revoked, idle, past its limit, user inactive). */
  const checkSessions = async (only?: (connection: Connection) => boolean) => {
    const open = [...connections].filter((connection) => !only || only(connection));
    if (open.length === 0) return;
    const ids = [...new Set(open.map((connection) => connection.user.sessionId))];
    const alive = await db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, sql`${users.id} = ${sessions.userId}`)
      .where(
        and(
          inArray(sessions.id, ids),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${config.sessionIdleMinutes}::int)`),
          sql`${users.active}`,
        ),
      );
    const aliveIds = new Set(alive.map((row) => row.id));
    for (const connection of open) if (!aliveIds.has(connection.user.sessionId)) close(connection);
  };

  const onNotify = (payload?: string) => {
    if (stopped) return;
    if (payload === undefined) return catchUp();
    if (payload.startsWith('e:')) {
      const id = Number(payload.slice(2));
      if (Number.isSafeInteger(id)) dispatchIds([id]);
      return;
    }
    if (payload.startsWith('s:')) {
      const who = payload.slice(2);
      void checkSessions((connection) => connection.user.id === who || connection.user.sessionId === who).catch((error: unknown) =>
        log.error({ err: error }, 'live stream session check failed'),
      );
    }
  };

  const replay = async (connection: Connection, lastEventId: number) => {
    const rows = await db
      .select()
      .from(liveEvents)
      .where(and(gt(liveEvents.id, lastEventId), gt(liveEvents.createdAt, sql`now() - interval '1 day'`)))
      .orderBy(asc(liveEvents.id))
      .limit(REPLAY_LIMIT + 1);
    if (rows.length > REPLAY_LIMIT) {
      // Too much was missed to replay: the client refreshes everything instead.
      const last = rows[rows.length - 1]!;
      connection.lastSentId = last.id;
      write(connection, `id: ${last.id}\nevent: reset\ndata: {}\n\n`);
      return;
    }
    for (const row of rows) {
      if (connection.closed) return;
      if (await mayReceive(db, connection.user, row)) {
        connection.lastSentId = row.id;
        write(connection, eventFrame(row));
      }
    }
  };

  return {
    async start() {
      stopped = false;
      unlisten = await database.listen(LIVE_CHANNEL, onNotify, log);
      heartbeat = setInterval(() => {
        for (const connection of connections) write(connection, ': keep-alive\n\n');
      }, heartbeatMs);
      heartbeat.unref();
      sessionTimer = setInterval(() => {
        void checkSessions().catch((error: unknown) => log.error({ err: error }, 'live stream session check failed'));
      }, sessionCheckMs);
      sessionTimer.unref();
    },
    endAll() {
      for (const connection of [...connections]) close(connection);
    },
    async stop() {
      stopped = true;
      clearInterval(heartbeat);
      clearInterval(sessionTimer);
      for (const connection of [...connections]) close(connection);
      await unlisten?.().catch(() => undefined);
      unlisten = undefined;
      await queue;
    },
    count: () => connections.size,
    async open(user, request, response, lastEventId) {
      const connection: Connection = { user, response, pending: lastEventId === null ? null : [], lastSentId: lastEventId ?? 0, closed: false };
      // One stream per tab; a session holding too many (a reload loop, a leak) loses its oldest.
      const same = [...connections].filter((other) => other.user.sessionId === user.sessionId);
      for (const old of same.slice(0, Math.max(0, same.length - MAX_STREAMS_PER_SESSION + 1))) close(old);
      connections.add(connection);
      const onGone = () => close(connection);
      request.on('close', onGone);
      response.on('close', onGone);
      response.on('error', onGone);
      if (stopped) return close(connection);
      // The client reconnects after 3 s when the stream drops without a close from its side.
      write(connection, 'retry: 3000\n: connected\n\n');
      if (lastEventId !== null) {
        try {
          await replay(connection, lastEventId);
        } catch (error) {
          log.error({ err: error }, 'live stream replay failed');
          close(connection);
          return;
        }
        const held = connection.pending ?? [];
        connection.pending = null;
        for (const row of held) sendTo(connection, row);
      }
    },
  };
}
