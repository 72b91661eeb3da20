import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';

/** Helmet's options: the content security policy of the app's pages (issue 9 §7). */
function helmetOptions(config: Pick<Config, 'mapTileSource'>): Parameters<typeof helmet>[0] {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Our own files and the map's tile host only: no remote image from stored text can load (issue 9 §7).
        imgSrc: ["'self'", 'data:', 'blob:', config.mapTileSource],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        // In-page previews of stored PDFs: an object URL made by our own code, shown in a frame (whose
        // document inherits this policy, so the PDF viewer's embed needs blob: too). Nothing else.
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ['blob:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}

/** The headers helmet sets with these options: they depend on nothing of the request. */
export function securityHeaders(config: Pick<Config, 'mapTileSource'>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(helmetOptions(config))({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Helmet's security headers on every answer, computed once at start. @fastify/helmet built a new
 * helmet middleware (parsing the policy again) and ran two asynchronous hooks on every request,
 * about 2–3% of a signed-in call's CPU (decision 036); the headers are the same for every
 * request, so they are set from one object. Routes may still remove some (assets, app.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'mapTileSource'>): void {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
