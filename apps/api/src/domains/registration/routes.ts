import type { FastifyPluginAsync } from 'fastify';
import { REGISTRATION_ENDPOINTS, RESIDENT_REGISTRATION_DONE_TEXT } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { route } from '../../http/endpoint.js';
import { createRateLimitStore } from '../auth/index.js';
import { RateLimiter, type RateLimitRule } from '../auth/index.js';
import { baseUrlOf } from '../portal-access/index.js';
import { registerResident } from './service.js';

/**
 * Every registration attempt counts, right or wrong: this caps code guessing and account spam from
 * one address (approval is the second guard: a registration alone grants nothing).
 */
export const REGISTRATION_LIMIT_PER_IP: RateLimitRule = { limit: 10, windowMs: 15 * 60_000 };

/** `POST /api/Registration/resident` (public): a resident registers with the customer's code. */
export const registrationRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const store = createRateLimitStore({ redisUrl: deps.config.redisUrl });
  const limiter = new RateLimiter(store, app.log);
  app.addHook('onClose', async () => store.close());

  route(app, REGISTRATION_ENDPOINTS.resident, async (request) => {
    await limiter.consume([{ key: `registration:ip:${request.ip}`, rule: REGISTRATION_LIMIT_PER_IP }]);
    const registration = { db: deps.database.db };
    await registerResident(registration, request.body, baseUrlOf(deps.config, request), request.ip);
    return { message: RESIDENT_REGISTRATION_DONE_TEXT };
  });
};
