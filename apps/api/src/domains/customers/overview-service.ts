import { and, count, desc, eq, inArray } from 'drizzle-orm';
import {
  CUSTOMER_AREAS,
  CUSTOMER_OVERVIEW_LATEST,
  OPEN_SERVICE_REQUEST_STATUSES,
  type CustomerArea,
  type CustomerAreaSummary,
  type CustomerOverview,
} from '@grove/shared';
import type { Db } from '../../db/client.js';
import { customerZones, serviceRequests } from '../../db/schema.js';
import type { ScopeUser } from '../scope/customer-scope.js';
import { assertCustomerInScope } from '../scope/customer-scope.js';

/*
 * The customer page's area cards: per area the count, the open count and the latest items. Only
 * areas with tables are counted (service requests so far); the others answer zero and an empty list
 * until their issues add them here — never made-up data.
 */

async function requestsArea(db: Db, customerId: string): Promise<CustomerAreaSummary> {
  const mine = eq(serviceRequests.customerId, customerId);
  const [totals, open, latest] = await Promise.all([
    db.select({ n: count() }).from(serviceRequests).where(mine),
    db.select({ n: count() }).from(serviceRequests).where(and(mine, inArray(serviceRequests.status, OPEN_SERVICE_REQUEST_STATUSES))),
    db
      .select({ id: serviceRequests.id, reference: serviceRequests.number, title: serviceRequests.title, status: serviceRequests.status, createdAt: serviceRequests.createdAt })
      .from(serviceRequests)
      .where(mine)
      .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
      .limit(CUSTOMER_OVERVIEW_LATEST),
  ]);
  return {
    area: 'requests',
    total: totals[0]?.n ?? 0,
    open: open[0]?.n ?? 0,
    latest: latest.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

const empty = (area: CustomerArea): CustomerAreaSummary => ({ area, total: 0, open: 0, latest: [] });

/** 404 outside the caller's scope. Customer users see the same request counts (they see all requests of their customer). */
export async function getCustomerOverview(db: Db, user: ScopeUser, customerId: string): Promise<CustomerOverview> {
  await assertCustomerInScope(db, user, customerId);
  const [requests, zones] = await Promise.all([
    requestsArea(db, customerId),
    db.select({ n: count() }).from(customerZones).where(eq(customerZones.customerId, customerId)),
  ]);
  return { areas: CUSTOMER_AREAS.map((area) => (area === 'requests' ? requests : empty(area))), zoneCount: zones[0]?.n ?? 0 };
}
