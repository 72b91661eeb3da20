import { z } from 'zod';

/*
 * Weather (issue 14) for a customer's property, from the configured provider (Open-Meteo):
 *   GET /api/Weather?customerId=…  → Weather
 * Always 200 for a customer in scope: `status` says whether there is a forecast ('ok'), the
 * property has no map position ('no_location') or the provider could not be reached
 * ('unavailable'). Units are metric (°C, km/h, mm); the web app converts for display.
 */

export const WEATHER_ALERT_KINDS = ['frost', 'heat', 'heavy_rain', 'high_wind', 'snow'] as const;
export type WeatherAlertKind = (typeof WEATHER_ALERT_KINDS)[number];

/** Thresholds for alerts that matter to crews and customers (a day of the forecast). */
export const WEATHER_THRESHOLDS = {
  /** Minimum temperature at or below: frost (irrigation, tender plants, no fresh sod). */
  frostMinC: 0,
  /** Maximum temperature at or above: heat (crew breaks, watering). */
  heatMaxC: 35,
  /** Precipitation sum at or above: heavy rain (mowing and installs may move). */
  heavyRainMm: 25,
  /** Wind gusts at or above: high wind (tree work, spraying paused). */
  highWindKmh: 60,
  /** Any snowfall at or above: snow. */
  snowCm: 1,
} as const;

export const weatherQuerySchema = z.object({ customerId: z.uuid() });

export const weatherAlertSchema = z.object({
  kind: z.enum(WEATHER_ALERT_KINDS),
  /** The forecast day (YYYY-MM-DD, the property's local date). */
  date: z.string(),
  /** The figure that triggered it: °C for frost/heat, mm rain, km/h gusts, cm snow. */
  value: z.number(),
  /** Whether scheduled service that day may move. */
  serviceMayShift: z.boolean(),
});
export type WeatherAlert = z.infer<typeof weatherAlertSchema>;

export const weatherDaySchema = z.object({
  date: z.string(),
  weatherCode: z.number().int(),
  maxC: z.number(),
  minC: z.number(),
  precipitationMm: z.number(),
  precipitationProbability: z.number().nullable(),
  snowCm: z.number(),
  windMaxKmh: z.number(),
  gustMaxKmh: z.number(),
});
export type WeatherDay = z.infer<typeof weatherDaySchema>;

export const weatherCurrentSchema = z.object({
  time: z.string(),
  temperatureC: z.number(),
  apparentC: z.number().nullable(),
  humidity: z.number().nullable(),
  precipitationMm: z.number(),
  weatherCode: z.number().int(),
  windKmh: z.number(),
  gustKmh: z.number().nullable(),
});
export type WeatherCurrent = z.infer<typeof weatherCurrentSchema>;

export const weatherSchema = z.object({
  status: z.enum(['ok', 'no_location', 'unavailable']),
  customerId: z.uuid(),
  timeZone: z.string().nullable(),
  current: weatherCurrentSchema.nullable(),
  days: z.array(weatherDaySchema),
  alerts: z.array(weatherAlertSchema),
  /** When the provider answered (ISO); cached answers keep their original time. */
  fetchedAt: z.string().nullable(),
});
export type Weather = z.infer<typeof weatherSchema>;

/** WMO weather codes used by Open-Meteo, grouped for an icon and a label. */
export type WeatherSky = 'clear' | 'partly' | 'cloudy' | 'fog' | 'drizzle' | 'rain' | 'snow' | 'showers' | 'thunder';
export function weatherSky(code: number): WeatherSky {
  if (code <= 1) return 'clear';
  if (code === 2) return 'partly';
  if (code === 3) return 'cloudy';
  if (code === 45 || code === 48) return 'fog';
  if (code >= 51 && code <= 57) return 'drizzle';
  if ((code >= 61 && code <= 67) || code === 80 || code === 81 || code === 82) return code >= 80 ? 'showers' : 'rain';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  if (code >= 95) return 'thunder';
  return 'cloudy';
}
