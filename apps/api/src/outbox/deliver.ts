import { and, eq, sql } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { Db } from '../db/client.js';
import { outbox, type OutboxRow } from './table.js';
import { OUTBOX_MAX_ATTEMPTS, type DeliveryContext, type OutboxTopic } from './topic.js';

/**
 * How long a worker holds a message it is delivering. Longer than any one delivery may take (the
 * SMTP timeouts in mail/transport.ts add up to less than a minute), so a live worker never loses a
 * message to another; a worker that died gives it back when the lease runs out.
 */
export const OUTBOX_LEASE_SECONDS = 120;

/** Wait before attempt n+1 after n failures: 30 s, 1 min, 2 min … capped at one hour. */
export function outboxBackoffMs(failures: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, failures - 1), 3_600_000);
}

/** Messages delivered at the same time by one worker (each lane holds one message). */
const LANES = 3;

export interface DeliveryCounts {
  delivered: number;
  retried: number;
  dead: number;
}

function errorText(error: unknown): string {
  if (error instanceof ZodError) return `payload does not match the topic: ${error.message}`.slice(0, 1000);
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/** Takes the oldest due message of a known topic that no live worker holds, and leases it. */
async function claim(db: Db, topicNames: readonly string[]): Promise<OutboxRow | undefined> {
  const topics = sql.join(
    topicNames.map((name) => sql`${name}`),
    sql`, `,
  );
  const [row] = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, lockedUntil: sql`now() + make_interval(secs => ${OUTBOX_LEASE_SECONDS})` })
    .where(
      sql`${outbox.id} = (
        select id from ${outbox}
        where status = 'pending' and available_at <= now() and (locked_until is null or locked_until < now()) and topic in (${topics})
        order by available_at
        limit 1
        for update skip locked
      )`,
    )
    .returning();
  return row;
}

async function deliverOne(db: Db, row: OutboxRow, topic: OutboxTopic, ctx: DeliveryContext, counts: DeliveryCounts): Promise<void> {
  const log = ctx.log.child({ outboxId: row.id, topic: row.topic, attempt: row.attempts });
  // Only the holder of the lease may settle the row (a row whose lease ran out may be someone else's now).
  const mine = and(eq(outbox.id, row.id), eq(outbox.status, 'pending'), eq(outbox.attempts, row.attempts));
  let payload: unknown;
  try {
    payload = topic.payload.parse(row.payload);
    const outcome = await topic.deliver(payload, { ...ctx, log });
    await db
      .update(outbox)
      .set({
        status: 'delivered',
        deliveredAt: sql`now()`,
        lockedUntil: null,
        lastError: null,
        ...(outcome ? { payload: outcome.keep as Record<string, unknown> } : {}),
      })
      .where(mine);
    counts.delivered++;
  } catch (error) {
    const maxAttempts = topic.maxAttempts ?? OUTBOX_MAX_ATTEMPTS;
    // A payload that no longer fits its topic will never deliver: no point in retrying it.
    const hopeless = error instanceof ZodError || row.attempts >= maxAttempts;
    if (hopeless) {
      const kept = payload !== undefined && topic.redact ? (topic.redact(payload) as Record<string, unknown>) : row.payload;
      await db.update(outbox).set({ status: 'dead', lockedUntil: null, lastError: errorText(error), payload: kept }).where(mine);
      counts.dead++;
      log.error({ err: error }, 'outbox message dead: no more attempts');
    } else {
      const waitMs = outboxBackoffMs(row.attempts);
      await db
        .update(outbox)
        .set({ availableAt: sql`now() + make_interval(secs => ${waitMs / 1000})`, lockedUntil: null, lastError: errorText(error) })
        .where(mine);
      counts.retried++;
      log.warn({ err: error, retryInMs: waitMs }, 'outbox delivery failed; will retry');
    }
  }
}

/**
 * Delivers every due message of the given topics, a few at a time, until none is left or `signal`
 * aborts (shutdown): the messages in hand are finished, nothing new is taken. Any number of
 * workers may run this at once; each message is held by one of them at a time.
 */
export async function deliverDueOutbox(
  db: Db,
  topics: readonly OutboxTopic[],
  ctx: DeliveryContext,
  signal?: AbortSignal,
): Promise<DeliveryCounts> {
  const byName = new Map(topics.map((topic) => [topic.name, topic]));
  const names = [...byName.keys()];
  const counts: DeliveryCounts = { delivered: 0, retried: 0, dead: 0 };
  if (names.length === 0) return counts;
  const lane = async () => {
    while (!signal?.aborted) {
      const row = await claim(db, names);
      if (!row) return;
      await deliverOne(db, row, byName.get(row.topic)!, ctx, counts);
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  return counts;
}
