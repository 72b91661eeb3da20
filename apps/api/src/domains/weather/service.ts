import { eq } from 'drizzle-orm';
import type { Weather } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customers } from '../../db/schema.js';
import type { AuthUser } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';
import { assertCustomerInScope } from '../scope/index.js';
import { weatherAlerts } from './alerts.js';
import type { WeatherCache } from './cache.js';

/** The weather at a customer's property, for a caller who has the customer in scope (else 404). */
export async function weatherForCustomer(db: Db, cache: WeatherCache, user: AuthUser, customerId: string): Promise<Weather> {
  await assertCustomerInScope(db, user, customerId);
  const [row] = await db.select({ latitude: customers.latitude, longitude: customers.longitude }).from(customers).where(eq(customers.id, customerId));
  if (!row) throw notFound();
  const empty = { customerId, timeZone: null, current: null, days: [], alerts: [], fetchedAt: null };
  if (row.latitude === null || row.longitude === null) return { status: 'no_location', ...empty };
  const hit = await cache.get(row.latitude, row.longitude);
  if (!hit) return { status: 'unavailable', ...empty };
  const { forecast, fetchedAt } = hit;
  return {
    status: 'ok',
    customerId,
    timeZone: forecast.timeZone,
    current: forecast.current,
    days: forecast.days,
    alerts: weatherAlerts(forecast.days),
    fetchedAt: fetchedAt.toISOString(),
  };
}
