import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config.js';

/** What a topic's delivery may use: the process's configuration and a logger for this message. */
export interface DeliveryContext {
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * One kind of outbox message: its payload schema (checked when written and again when read) and
 * how to deliver it. `deliver` throws to be retried later with backoff; after `maxAttempts` the
 * message is dead (kept, with its last error, for a person to look at).
 */
export interface OutboxTopic<P = unknown> {
  /** Stored in each row; never rename a topic that may have rows waiting. */
  name: string;
  payload: z.ZodType<P>;
  /** Attempts before the message is dead (default OUTBOX_MAX_ATTEMPTS). */
  maxAttempts?: number;
  /** Delivers one message. May return the payload to keep once delivered (e.g. without a secret). */
  deliver(payload: P, ctx: DeliveryContext): Promise<{ keep: P } | void>;
  /** What to keep of a message that died (e.g. without a one-time link). */
  redact?(payload: P): P;
}

/** Ten attempts spaced by OUTBOX_BACKOFF: the last one about three hours after the first. */
export const OUTBOX_MAX_ATTEMPTS = 10;

export function defineOutboxTopic<P>(topic: OutboxTopic<P>): OutboxTopic<P> {
  if (!/^[a-z][a-z0-9-]*$/.test(topic.name)) throw new Error(`Outbox topic name must be lower-case words with dashes: ${topic.name}`);
  return topic;
}
