import type { WeatherCurrent, WeatherDay } from '@grove/shared';

/** A forecast for one place, in metric units. */
export interface Forecast {
  timeZone: string | null;
  current: WeatherCurrent;
  days: WeatherDay[];
}

/** Where forecasts come from. One implementation talks to Open-Meteo; tests point it at a local server. */
export interface WeatherProvider {
  forecast(latitude: number, longitude: number): Promise<Forecast>;
}

export class WeatherUnavailableError extends Error {}
