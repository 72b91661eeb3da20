import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { liveEvents } from './table.js';

/** The NOTIFY channel of live events. Payloads: `e:<event id>` (an event) or `s:<user or session id>` (sessions ended). */
export const LIVE_CHANNEL = 'grove_live';

/** A transaction (or the database, for a change of one statement). */
export type LiveWriter = Pick<Db, 'insert' | 'execute'>;

export interface LiveEventInput {
  /** Declared by a module's `liveEvents` (the hub refuses to send undeclared types). */
  type: string;
  customerId?: string | null;
  /** Only these users (e.g. the recipients of a notification). */
  userIds?: readonly string[];
  /** Never to customer-side users. */
  staffOnly?: boolean;
  subject?: { type: string; id: string };
}

/**
 * Records a live event in the caller's transaction: it exists, and is announced, exactly when the
 * change commits (PostgreSQL and PGlite deliver NOTIFY at commit, never after a rollback).
 */
export async function publishLiveEvent(tx: LiveWriter, input: LiveEventInput): Promise<void> {
  if (input.userIds && input.userIds.length === 0) return;
  const [row] = await tx
    .insert(liveEvents)
    .values({
      type: input.type,
      customerId: input.customerId ?? null,
      userIds: input.userIds ? [...new Set(input.userIds)] : null,
      staffOnly: input.staffOnly ?? false,
      subjectType: input.subject?.type ?? null,
      subjectId: input.subject?.id ?? null,
    })
    .returning({ id: liveEvents.id });
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${`e:${row!.id}`})`);
}

/**
 * Tells every process that sessions of this user (or this one session) ended, so their open
 * streams are checked at once instead of at the next periodic check. Sent at commit.
 */
export async function announceSessionsEnded(tx: Pick<Db, 'execute'>, userOrSessionId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${`s:${userOrSessionId}`})`);
}
