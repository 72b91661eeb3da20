import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { outbox } from './table.js';
import type { OutboxTopic } from './topic.js';

/** The NOTIFY channel that wakes the outbox workers; PostgreSQL sends it only when the transaction commits. */
export const OUTBOX_CHANNEL = 'grove_outbox';

/** A transaction (or the database itself, for a change of one statement). */
export type OutboxWriter = Pick<Db, 'insert' | 'execute'>;

/**
 * Queues messages of one topic in the caller's transaction: they exist exactly when the change
 * that caused them commits, and are delivered after that by the outbox worker of any process.
 * Payloads are checked against the topic's schema here, so a bad one fails the change, not the
 * delivery hours later.
 */
export async function writeOutbox<P>(tx: OutboxWriter, topic: OutboxTopic<P>, ...payloads: P[]): Promise<void> {
  if (payloads.length === 0) return;
  const rows = payloads.map((payload) => ({ topic: topic.name, payload: topic.payload.parse(payload) as Record<string, unknown> }));
  await tx.insert(outbox).values(rows);
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, ${topic.name})`);
}
