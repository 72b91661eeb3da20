import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app.js';

/** Liveness and readiness for load balancers; outside /api so they need no token. */
export const healthRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await deps.database.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'Database is not reachable' });
    }
  });
};
