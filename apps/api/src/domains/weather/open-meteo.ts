import { z } from 'zod';
import { WeatherUnavailableError, type Forecast, type WeatherProvider } from './provider.js';

const CURRENT = ['temperature_2m', 'apparent_temperature', 'relative_humidity_2m', 'precipitation', 'weather_code', 'wind_speed_10m', 'wind_gusts_10m'];
const DAILY = [
  'weather_code',
  'temperature_2m_max',
  'temperature_2m_min',
  'precipitation_sum',
  'precipitation_probability_max',
  'snowfall_sum',
  'wind_speed_10m_max',
  'wind_gusts_10m_max',
];

const num = z.number();
const maybe = z.number().nullable().optional();
const answerSchema = z.object({
  timezone: z.string().optional(),
  current: z.object({
    time: z.string(),
    temperature_2m: num,
    apparent_temperature: maybe,
    relative_humidity_2m: maybe,
    precipitation: maybe,
    weather_code: num,
    wind_speed_10m: num,
    wind_gusts_10m: maybe,
  }),
  daily: z.object({
    time: z.array(z.string()),
    weather_code: z.array(maybe),
    temperature_2m_max: z.array(maybe),
    temperature_2m_min: z.array(maybe),
    precipitation_sum: z.array(maybe),
    precipitation_probability_max: z.array(maybe).optional(),
    snowfall_sum: z.array(maybe).optional(),
    wind_speed_10m_max: z.array(maybe),
    wind_gusts_10m_max: z.array(maybe).optional(),
  }),
});

/**
 * Open-Meteo's forecast API (no key). `url` is WEATHER_API_URL, e.g.
 * https://api.open-meteo.com/v1/forecast. Metric units, the place's own time zone, 7 days.
 */
export class OpenMeteoProvider implements WeatherProvider {
  constructor(
    private readonly url: string,
    private readonly timeoutMs = 5000,
  ) {}

  async forecast(latitude: number, longitude: number): Promise<Forecast> {
    const url = new URL(this.url);
    url.searchParams.set('latitude', latitude.toFixed(4));
    url.searchParams.set('longitude', longitude.toFixed(4));
    url.searchParams.set('current', CURRENT.join(','));
    url.searchParams.set('daily', DAILY.join(','));
    url.searchParams.set('timezone', 'auto');
    url.searchParams.set('forecast_days', '7');
    let body: unknown;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs), headers: { accept: 'application/json' } });
      if (!response.ok) throw new WeatherUnavailableError(`weather provider answered ${response.status}`);
      body = await response.json();
    } catch (error) {
      if (error instanceof WeatherUnavailableError) throw error;
      throw new WeatherUnavailableError(`weather provider unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    const parsed = answerSchema.safeParse(body);
    if (!parsed.success) throw new WeatherUnavailableError('weather provider answered in an unknown shape');
    const { current: c, daily: d } = parsed.data;
    const at = (list: readonly (number | null | undefined)[] | undefined, i: number) => list?.[i] ?? 0;
    return {
      timeZone: parsed.data.timezone ?? null,
      current: {
        time: c.time,
        temperatureC: c.temperature_2m,
        apparentC: c.apparent_temperature ?? null,
        humidity: c.relative_humidity_2m ?? null,
        precipitationMm: c.precipitation ?? 0,
        weatherCode: Math.round(c.weather_code),
        windKmh: c.wind_speed_10m,
        gustKmh: c.wind_gusts_10m ?? null,
      },
      days: d.time.map((date, i) => ({
        date,
        weatherCode: Math.round(at(d.weather_code, i)),
        maxC: at(d.temperature_2m_max, i),
        minC: at(d.temperature_2m_min, i),
        precipitationMm: at(d.precipitation_sum, i),
        precipitationProbability: d.precipitation_probability_max?.[i] ?? null,
        snowCm: at(d.snowfall_sum, i),
        windMaxKmh: at(d.wind_speed_10m_max, i),
        gustMaxKmh: at(d.wind_gusts_10m_max, i),
      })),
    };
  }
}
