import type { FastifyInstance } from 'fastify';
import type { AccessKey, Endpoint } from '@grove/shared';

/** One registered API route, as the access-matrix test enumerates them. */
export interface ApiRoute {
  method: string;
  url: string;
  access: AccessKey | undefined;
  /** The shared declaration it was registered from (`route()`), if any. */
  endpoint: Endpoint | undefined;
}

const registries = new WeakMap<FastifyInstance, ApiRoute[]>();

/**
 * Records every /api route as it is registered (call before the route plugins), so tests can check
 * that each one is covered by the access matrix. `accessOverrides` (tests only) changes a route's key
 * before it is registered: the access-matrix mutation test.
 */
export function recordApiRoutes(app: FastifyInstance, accessOverrides: Readonly<Record<string, AccessKey>> = {}): void {
  const routes: ApiRoute[] = [];
  registries.set(app, routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // HEAD twins of GET routes are added by Fastify itself.
      if (method === 'HEAD') continue;
      const override = accessOverrides[`${method} ${route.url}`];
      if (override) route.config = { ...route.config, access: override };
      routes.push({ method, url: route.url, access: route.config?.access, endpoint: route.config?.endpoint });
    }
  });
}

export function apiRoutes(app: FastifyInstance): readonly ApiRoute[] {
  const routes = registries.get(app);
  if (!routes) throw new Error('recordApiRoutes(app) was not called before the routes were registered');
  return routes;
}
