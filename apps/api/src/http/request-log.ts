import type { FastifyInstance } from 'fastify';

/**
 * One log line per answered request at `info` (decision 043): what operators read — method, url,
 * status, time and, on a signed-in call, the user; the request id comes with the request's logger.
 * Fastify's own request logging writes two lines (arrival and completion) and serialises the
 * request and the reply objects for them. A request that never gets an answer (the client went
 * away) has no line; its errors are logged by the error handler.
 */
const LOGS_INFO = new Set(['trace', 'debug', 'info']);

export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    // Above `info` (the benchmarks run at `warn`) the line's object would be built for nothing.
    if (LOGS_INFO.has(request.log.level)) request.log.info({ method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10, userId: request.auth?.id }, 'request');
    done();
  });
}
