import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Weather } from '@grove/shared';
import { createCustomer, createScopeWorld, signIn, type ScopeWorld } from '../../test/factories.js';
import { startRecordedWeatherServer, type RecordedWeatherServer } from '../../test/recorded-weather-server.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { weatherAlerts } from './alerts.js';
import { WEATHER_CACHE_MS, WeatherCache } from './cache.js';
import type { Forecast, WeatherProvider } from './provider.js';

describe(`weather (${dbKind})`, () => {
  let ctx: TestContext;
  let provider: RecordedWeatherServer;
  let world: ScopeWorld;

  beforeAll(async () => {
    provider = await startRecordedWeatherServer();
    ctx = await createTestContext({ WEATHER_API_URL: provider.url });
    world = await createScopeWorld(ctx);
  });
  afterAll(async () => {
    await ctx.close();
    await provider.close();
  });

  async function weatherOf(customerId: string, role: keyof ScopeWorld['users'] = 'Property Manager') {
    const headers = await signIn(ctx, world.users[role]);
    return ctx.app.inject({ method: 'GET', url: `/api/Weather?customerId=${customerId}`, headers });
  }

  it('answers the recorded forecast with alerts, and asks the provider once per location within 30 minutes', async () => {
    const customer = await createCustomer(ctx, { regionId: world.regionA.id, branchId: world.branchA.id, latitude: 40.7128, longitude: -74.006 });
    const before = provider.requests.length;
    const first = await weatherOf(customer.id, 'Executive');
    expect(first.statusCode).toBe(200);
    const body = first.json<Weather>();
    expect(body.status).toBe('ok');
    expect(body.timeZone).toBe('America/New_York');
    expect(body.current).toMatchObject({ temperatureC: 6.4, weatherCode: 3, windKmh: 14.8 });
    expect(body.days).toHaveLength(7);
    expect(body.days[3]).toMatchObject({ date: '2026-11-26', precipitationMm: 31.7, gustMaxKmh: 72.4 });
    expect(body.alerts.map((a) => `${a.kind}@${a.date}`)).toEqual([
      'frost@2026-11-24',
      'heavy_rain@2026-11-26',
      'high_wind@2026-11-26',
      'frost@2026-11-28',
      'snow@2026-11-28',
      'frost@2026-11-29',
    ]);
    const asked = provider.requests.slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.searchParams.get('latitude')).toBe('40.7100');
    expect(asked[0]!.searchParams.get('forecast_days')).toBe('7');

    // A neighbour within the same rounded location and a second call: served from the cache.
    const neighbour = await createCustomer(ctx, { regionId: world.regionA.id, branchId: world.branchA.id, latitude: 40.7131, longitude: -74.0059 });
    expect((await weatherOf(customer.id, 'Executive')).json<Weather>().fetchedAt).toBe(body.fetchedAt);
    expect((await weatherOf(neighbour.id, 'Executive')).json<Weather>().status).toBe('ok');
    expect(provider.requests.length - before).toBe(1);
  });

  it('says "unavailable" when the provider fails, and nothing else breaks', async () => {
    provider.mode = 'error';
    try {
      const customer = await createCustomer(ctx, { regionId: world.regionA.id, branchId: world.branchA.id, latitude: 51.5, longitude: -0.12 });
      const answer = await weatherOf(customer.id, 'Executive');
      expect(answer.statusCode).toBe(200);
      expect(answer.json<Weather>()).toMatchObject({ status: 'unavailable', current: null, days: [], alerts: [] });
      const headers = await signIn(ctx, world.users.Executive);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/Customers/${customer.id}`, headers })).statusCode).toBe(200);
    } finally {
      provider.mode = 'ok';
    }
  });

  it('says "unavailable" when nothing listens at WEATHER_API_URL', async () => {
    const offline = await createTestContext({ WEATHER_API_URL: 'http://127.0.0.1:9/v1/forecast' });
    try {
      const w = await createScopeWorld(offline);
      const customer = await createCustomer(offline, { regionId: w.regionA.id, branchId: w.branchA.id, latitude: 10, longitude: 10 });
      const headers = await signIn(offline, w.users.Executive);
      const answer = await offline.app.inject({ method: 'GET', url: `/api/Weather?customerId=${customer.id}`, headers });
      expect(answer.json<Weather>().status).toBe('unavailable');
    } finally {
      await offline.close();
    }
  });

  it('has no forecast for a property without a map position', async () => {
    const answer = await weatherOf(world.inScope.id);
    expect(answer.json<Weather>()).toMatchObject({ status: 'no_location', days: [] });
  });

  it('hides properties out of scope (404) and checks the query (400)', async () => {
    expect((await weatherOf(world.outOfScope.id)).statusCode).toBe(404);
    expect((await weatherOf('not-a-uuid')).statusCode).toBe(400);
  });
});

describe('weather cache', () => {
  const forecast: Forecast = {
    timeZone: 'UTC',
    current: { time: 't', temperatureC: 1, apparentC: null, humidity: null, precipitationMm: 0, weatherCode: 0, windKmh: 0, gustKmh: null },
    days: [],
  };

  it('keeps an answer 30 minutes, then asks again; backs off after a failure', async () => {
    let calls = 0;
    let fail = false;
    const provider: WeatherProvider = {
      forecast: () => {
        calls += 1;
        return fail ? Promise.reject(new Error('down')) : Promise.resolve(forecast);
      },
    };
    let now = 1_000_000;
    const cache = new WeatherCache(provider, () => now);
    await Promise.all([cache.get(1, 2), cache.get(1, 2)]);
    expect(calls).toBe(1);
    now += WEATHER_CACHE_MS - 1;
    await cache.get(1, 2);
    expect(calls).toBe(1);
    now += 2;
    fail = true;
    expect(await cache.get(1, 2)).toBeNull();
    expect(calls).toBe(2);
    expect(await cache.get(1, 2)).toBeNull();
    expect(calls).toBe(2);
    now += 61_000;
    fail = false;
    expect(await cache.get(1, 2)).not.toBeNull();
    expect(calls).toBe(3);
  });

  it('raises alerts at the thresholds', () => {
    const day = { date: 'd', weatherCode: 0, maxC: 35, minC: 0, precipitationMm: 25, precipitationProbability: null, snowCm: 1, windMaxKmh: 10, gustMaxKmh: 60 };
    expect(weatherAlerts([day]).map((a) => a.kind)).toEqual(['frost', 'heat', 'heavy_rain', 'high_wind', 'snow']);
    expect(weatherAlerts([{ ...day, maxC: 34.9, minC: 0.1, precipitationMm: 24.9, snowCm: 0.9, gustMaxKmh: 59.9 }])).toEqual([]);
  });
});
