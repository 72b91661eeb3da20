import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RESIDENT_REGISTRATION_DONE_TEXT, errorResponseSchema, messageResponseSchema, residentRegistrationSchema } from '@grove/shared';
import type { AppDeps } from '../../app.js';
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
export const registrationRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const store = createRateLimitStore({ redisUrl: deps.config.redisUrl });
  const limiter = new RateLimiter(store, app.log);
  app.addHook('onClose', async () => store.close());

  app.post(
    '/api/Registration/resident',
    {
      config: { access: 'public' },
      schema: {
        tags: ['portal access'],
        summary: 'Register as a resident with a registration code; the account waits for approval (same answer for an email that already has an account)',
        security: [],
        body: residentRegistrationSchema,
        response: { 202: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await limiter.consume([{ key: `registration:ip:${request.ip}`, rule: REGISTRATION_LIMIT_PER_IP }]);
      const registration = { db: deps.database.db };
      await registerResident(registration, request.body, baseUrlOf(deps.config, request), request.ip);
      return reply.status(202).send({ message: RESIDENT_REGISTRATION_DONE_TEXT });
    },
  );
};
