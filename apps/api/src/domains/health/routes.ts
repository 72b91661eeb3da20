import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app.js';

type Check = 'ok' | 'failing';

/**
 * Liveness and readiness for load balancers; outside /api so they need no token. /readyz is 503
 * while the server drains on shutdown, when the database does not answer, and when DATA_DIR
 * cannot be written (a full or read-only disk), with what failed in `checks`.
 */
export const healthRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    // Shutting down: the load balancer must stop sending new requests now (http/drain.ts).
    if (app.lifecycle.draining) return reply.status(503).send({ status: 'draining', message: 'The server is shutting down' });
    let database: Check = 'ok';
    try {
      await deps.database.ping();
    } catch {
      database = 'failing';
    }
    const storage: Check = deps.storage.problem() ? 'failing' : 'ok';
    if (database === 'ok' && storage === 'ok') return { status: 'ready', checks: { database, storage } };
    const message = database === 'failing' ? 'Database is not reachable' : 'Storage under DATA_DIR is full or read-only';
    return reply.status(503).header('retry-after', '5').send({ status: 'unavailable', message, checks: { database, storage } });
  });
};
