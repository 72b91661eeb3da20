import type { Forecast, WeatherProvider } from './provider.js';

export const WEATHER_CACHE_MS = 30 * 60 * 1000;
/** After a failure the provider is asked again only after this long, so an outage is not hammered. */
export const WEATHER_FAILURE_BACKOFF_MS = 60 * 1000;

type Entry = { forecast: Forecast; fetchedAt: Date; expires: number } | { failedUntil: number };

/**
 * Forecasts per location for 30 minutes (per process). Locations are rounded to about a kilometre,
 * so neighbouring properties share one answer; concurrent misses share one provider call.
 */
export class WeatherCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<{ forecast: Forecast; fetchedAt: Date } | null>>();

  constructor(
    private readonly provider: WeatherProvider,
    private readonly now: () => number = Date.now,
  ) {}

  /** The forecast, or null while the provider cannot be reached. */
  async get(latitude: number, longitude: number): Promise<{ forecast: Forecast; fetchedAt: Date } | null> {
    const key = `${latitude.toFixed(2)},${longitude.toFixed(2)}`;
    const entry = this.entries.get(key);
    const now = this.now();
    if (entry && 'forecast' in entry && entry.expires > now) return entry;
    if (entry && 'failedUntil' in entry && entry.failedUntil > now) return null;
    const running = this.inFlight.get(key);
    if (running) return running;
    const call = this.provider
      .forecast(Number(latitude.toFixed(2)), Number(longitude.toFixed(2)))
      .then((forecast) => {
        const hit = { forecast, fetchedAt: new Date(this.now()), expires: this.now() + WEATHER_CACHE_MS };
        this.entries.set(key, hit);
        return hit;
      })
      .catch(() => {
        this.entries.set(key, { failedUntil: this.now() + WEATHER_FAILURE_BACKOFF_MS });
        return null;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, call);
    if (this.entries.size > 5000) this.prune(now);
    return call;
  }

  private prune(now: number) {
    for (const [key, entry] of this.entries) {
      if (('expires' in entry && entry.expires <= now) || ('failedUntil' in entry && entry.failedUntil <= now)) this.entries.delete(key);
    }
  }
}
