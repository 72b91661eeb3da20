import { defineEndpoint } from '../contract.js';
import { weatherQuerySchema, weatherSchema } from '../schemas/weather.js';

const tags = ['weather'] as const;

/** `/api/Weather`: current conditions, 7 days and alerts at a property the caller may see. */
export const WEATHER_ENDPOINTS = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/Weather',
    access: 'authenticated',
    tags,
    summary: "Weather at a customer's property (cached 30 minutes); status 'unavailable' when the provider cannot be reached",
    query: weatherQuerySchema,
    response: weatherSchema,
  }),
};
