import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';

/*
 * Graceful shutdown (issue 9 §4). On SIGTERM the process
 *   1. drains: /readyz answers 503 at once so the load balancer stops sending, while every request
 *      is still served, each answer saying `Connection: close` so kept-alive clients reconnect
 *      (to another process) instead of reusing a socket that is about to go;
 *   2. stops listening but lets each open connection deliver and finish its request;
 *   3. closes the app (hooks, jobs) — the caller then closes the database.
 * Without this, requests already sent on kept-alive sockets were reset.
 */

export interface Lifecycle {
  draining: boolean;
  /** Called when the drain starts (e.g. long-lived event streams end so their clients go elsewhere). */
  onDrain: (() => void)[];
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export function registerDrain(app: FastifyInstance): void {
  app.decorate('lifecycle', { draining: false, onDrain: [] });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.lifecycle.draining) void reply.header('connection', 'close');
    done(null, payload);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function openConnections(app: FastifyInstance): Promise<number> {
  return new Promise((resolve) => app.server.getConnections((error, count) => resolve(error ? 0 : count)));
}

/**
 * Runs steps 1–3. `drainSeconds` 0 skips the wait (tests); `graceMs` bounds how long open
 * connections may take to finish once the listener is closed.
 */
export async function drainAndClose(app: FastifyInstance, drainSeconds: number, graceMs = 5_000): Promise<void> {
  app.lifecycle.draining = true;
  for (const listener of app.lifecycle.onDrain) listener();
  if (drainSeconds > 0) await sleep(drainSeconds * 1000);
  if (app.server.listening) {
    // net.Server#close stops accepting but, unlike http.Server#close, keeps idle sockets open, so a
    // request already on its way over a fresh connection is still read and answered.
    NetServer.prototype.close.call(app.server);
    const until = Date.now() + graceMs;
    while (Date.now() < until && (await openConnections(app)) > 0) await sleep(25);
  }
  await app.close();
}
