import type { FastifyPluginAsync } from 'fastify';
import { WEATHER_ENDPOINTS } from '@grove/shared';
import type { AppDeps } from '../../app.js';
import { requireAuth } from '../../http/authenticate.js';
import { route } from '../../http/endpoint.js';
import { WeatherCache } from './cache.js';
import { OpenMeteoProvider } from './open-meteo.js';
import { weatherForCustomer } from './service.js';

/** `/api/Weather`: current conditions, 7 days and alerts at a property the caller may see. */
export const weatherRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const cache = new WeatherCache(new OpenMeteoProvider(deps.config.weatherApiUrl));

  route(app, WEATHER_ENDPOINTS.get, async (request) => weatherForCustomer(deps.database.db, cache, requireAuth(request), request.query.customerId));
};
