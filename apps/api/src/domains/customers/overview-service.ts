import { count, eq } from 'drizzle-orm';
import { CUSTOMER_AREAS, type CustomerAreaSummary, type CustomerOverview } from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerZones } from '../../db/schema.js';
import { overviewContributions } from '../../modules/catalog.js';
import type { ScopeUser } from '../scope/index.js';
import { assertCustomerInScope } from '../scope/index.js';

/*
 * The customer page's area cards: per area the count, the open count and the latest items, from
 * the module that owns the area (its manifest's `customerOverview`). Areas no module contributes
 * yet answer zero and an empty list — never made-up data.
 */

/** 404 outside the caller's scope; each area counts what this caller may see. */
export async function getCustomerOverview(db: Db, user: ScopeUser, customerId: string): Promise<CustomerOverview> {
  await assertCustomerInScope(db, user, customerId);
  const contributions = new Map(overviewContributions().map((contribution) => [contribution.area, contribution]));
  const [areas, zones] = await Promise.all([
    Promise.all(
      CUSTOMER_AREAS.map(async (area): Promise<CustomerAreaSummary> => {
        const contribution = contributions.get(area);
        return { area, ...(contribution ? await contribution.summarize(db, customerId, user) : { total: 0, open: 0, latest: [] }) };
      }),
    ),
    db.select({ n: count() }).from(customerZones).where(eq(customerZones.customerId, customerId)),
  ]);
  return { areas, zoneCount: zones[0]?.n ?? 0 };
}
