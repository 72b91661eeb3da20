import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { createLiveHub, type LiveHubOptions } from '../../live/hub.js';

const eventHeaders = z.object({
  /** The last event the client saw (EventSource sends it on reconnect; the web app's reader too). */
  'last-event-id': z.string().regex(/^\d{1,15}$/u, 'Must be an event id').optional(),
});

/**
 * GET /api/events: the signed-in user's server-sent event stream (docs/decisions/020). Authenticated
 * like every call (Bearer token + fingerprint cookie, so the browser reads it with fetch, not
 * EventSource); open until the client leaves, the session ends or the server shuts down. Hidden
 * from the OpenAPI document: a stream that never ends is not a request/response contract (and the
 * contract fuzz test would wait on it forever).
 */
export function liveRoutes(options: LiveHubOptions = {}): FastifyPluginAsync<{ deps: AppDeps }> {
  return async (app, { deps }) => {
    const hub = createLiveHub({ database: deps.database, config: deps.config, log: app.log }, options);
    app.addHook('onReady', () => hub.start());
    app.addHook('preClose', () => hub.stop());
    // On SIGTERM the streams end at once, so their clients reconnect to a process that stays.
    app.lifecycle.onDrain.push(() => hub.endAll());

    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/events',
      { config: { access: 'authenticated' }, schema: { hide: true, headers: eventHeaders } },
      async (request, reply) => {
        // The stream outlives this call: without the call's cache versions (decision 033), so its
        // scope checks never trust a version read when the stream opened.
        const { epochs: _callOnly, ...user } = requireAuth(request);
        const last = request.headers['last-event-id'];
        reply.hijack();
        const response = reply.raw;
        for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) response.setHeader(name, value);
        response.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          // Never cached or transformed (compressed) on the way: each event must arrive when sent.
          'cache-control': 'no-cache, no-transform',
          'x-accel-buffering': 'no',
          connection: 'keep-alive',
          'x-request-id': request.id,
        });
        response.flushHeaders();
        await hub.open(user, request.raw, response, typeof last === 'string' ? Number(last) : null);
      },
    );
  };
}
