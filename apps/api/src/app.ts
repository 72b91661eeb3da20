import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { AccessKey } from '@grove/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiRoot } from './api-root.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerAuthentication } from './http/authenticate.js';
import { logRequests } from './http/request-log.js';
import { registerDrain } from './http/drain.js';
import { registerErrorHandler } from './http/errors.js';
import { registerHostCheck } from './http/host-check.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerStorageGuard, type StorageHealth } from './http/outage.js';
import { responseSerializer } from './http/serializer.js';
import { validateWithTextRule } from './http/validator.js';
import { endpointOpenApiTransform } from './http/endpoint-openapi.js';
import { recordApiRoutes } from './http/route-registry.js';
import { createBackground, type Background } from './jobs/background.js';
import type { JobQueue } from './jobs/define-job.js';
import { JOBS, OUTBOX_TOPICS } from './jobs/registry.js';
import { MODULES } from './modules/registry.js';

export interface AppOptions {
  config: Config;
  database: Database;
  /** pino options; `false` silences logs (tests). */
  logger?: boolean | object;
  /**
   * Tests only: "METHOD /path" → a different spec §6 access key than the route declares. The
   * access-matrix mutation test uses it to show the matrix fails on a wrong key (decision 026).
   */
  accessOverrides?: Readonly<Record<string, AccessKey>>;
}

export type App = FastifyInstance & { withTypeProvider: () => FastifyInstance };

/** Everything a route plugin needs, passed explicitly instead of through globals. */
export interface AppDeps {
  config: Config;
  database: Database;
  /** Queues jobs (jobs/); emails go through the outbox in the change's transaction instead. */
  jobs: JobQueue;
  /** Whether DATA_DIR takes writes (always fine when nothing local lives there). */
  storage: StorageHealth;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Jobs and outbox delivery of this process: started when the app is ready, stopped when it closes. */
    background: Background;
  }
}

const defaultWebDist = join(apiRoot, '../web/dist');

/** Helmet's headers that only mean something on a document (or a worker script, sw.js, which keeps them). */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // One line per request (below), not Fastify's two ("incoming request", "request completed").
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  logRequests(app);

  app.setValidatorCompiler(validateWithTextRule);
  // Compiled from the response schemas; answers are checked against zod outside production (decision 036).
  app.setSerializerCompiler(responseSerializer({ check: config.env !== 'production' }));
  // Callback hooks where nothing is awaited: an async hook costs a promise per request (decision 040).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  registerDrain(app);

  registerSecurityHeaders(app, config);
  await app.register(cookie);
  // API answers (JSON, CSV, text) in brotli or gzip as the client accepts, above 1 KB; never live
  // event streams or binary files (images and PDFs are compressed already). Static files of the web
  // app are compressed once at build time instead (preCompressed below).
  // A buffered answer (every JSON answer) up to 256 KB is compressed in one synchronous call: the
  // plugin's default on two cores is 8 KB, above which each answer got a brotli stream of its own
  // (a fresh encoder with its 4 MB window, a worker-thread job, a chunked response) — that halved
  // the throughput of a 25-row list for a browser (decision 040). Brotli stays at the plugin's
  // quality 4 (~0.1 ms for 25 KB of JSON). Streams (CSV exports) still use the streaming encoder.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    syncThreshold: 256 * 1024,
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)/u,
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Grove API', version: '0.1.0', description: 'Customer portal and back office API' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: endpointOpenApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Something of ours lives in DATA_DIR unless both the database and the uploads are elsewhere.
  const storage = registerStorageGuard(app, { dataDir: config.dataDir, enabled: database.kind === 'pglite' || !config.s3 });
  registerErrorHandler(app, { onOutage: (kind, error) => kind === 'storage' && storage.reportFailure(String((error as Error).message ?? error)) });
  recordApiRoutes(app, options.accessOverrides);
  registerHostCheck(app, config);
  registerAuthentication(app, { db: database.db, config, ...(database.writes ? { writes: database.writes } : {}) });
  registerIdempotency(app, database);

  const background = createBackground({ config, database, log: app.log, jobs: JOBS, outboxTopics: OUTBOX_TOPICS });
  app.decorate('background', background);
  app.addHook('onReady', () => background.start());
  // After in-flight requests: their commits may still wake delivery. Idempotent, so a shutdown may call it earlier.
  app.addHook('onClose', () => background.stop());
  const deps: AppDeps = { config, database, storage, jobs: background };
  for (const module of MODULES) {
    for (const routes of module.routes ?? []) await app.register(routes, { deps });
  }

  // The SPA owns every other GET path when the web build is present; the API keeps its JSON 404.
  const webDist = config.webDist ?? defaultWebDist;
  const serveSpa = existsSync(webDist);
  if (serveSpa) {
    // Files are looked up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      // The build writes .br and .gz next to each asset; the one the browser accepts is sent (Vary set).
      preCompressed: true,
      setHeaders: (reply, path) => {
        if (path.includes('/assets/')) {
          void reply.header('cache-control', 'public, max-age=31536000, immutable');
          // Hashed scripts, styles and images are never documents: the page-only security headers
          // (CSP, framing, HSTS…) do nothing on them and cost ~0.7 KB on each of a screen's dozens of
          // requests (decision 028). nosniff and the resource policy stay.
          for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
        }
        // The service worker and the manifest are checked for updates on every visit (decision 019).
        // (The path is the file sent: `sw.js.br` when the precompressed variant goes out.)
        else if (/\/(?:sw\.js|workbox-[\w-]+\.js|manifest\.webmanifest)(?:\.br|\.gz)?$/.test(path)) void reply.header('cache-control', 'no-cache');
        if (/\.webmanifest(?:\.br|\.gz)?$/.test(path)) void reply.header('content-type', 'application/manifest+json; charset=utf-8');
      },
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing hashed asset is a 404 (the app shows its retry page), never index.html.
    const isAsset = request.url.startsWith('/assets/') || /^\/(?:sw\.js|workbox-[\w-]+\.js|manifest\.webmanifest)(?:[?#]|$)/.test(request.url);
    if (serveSpa && request.method === 'GET' && !request.url.startsWith('/api/') && !isAsset) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found' });
  });

  return app;
}
