import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, weatherQuerySchema, weatherSchema } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { WeatherCache } from './cache.js';
import { OpenMeteoProvider } from './open-meteo.js';
import { weatherForCustomer } from './service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** `/api/Weather`: current conditions, 7 days and alerts at a property the caller may see. */
export const weatherRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cache = new WeatherCache(new OpenMeteoProvider(deps.config.weatherApiUrl));

  app.get(
    '/api/Weather',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['weather'],
        summary: "Weather at a customer's property (cached 30 minutes); status 'unavailable' when the provider cannot be reached",
        querystring: weatherQuerySchema,
        response: { 200: weatherSchema, ...errors },
      },
    },
    async (request) => weatherForCustomer(deps.database.db, cache, requireAuth(request), request.query.customerId),
  );
};
