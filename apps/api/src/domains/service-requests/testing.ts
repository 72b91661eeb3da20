/**
 * Access-matrix entries (domains/access-matrix.test.ts) for the service-request, reference-data and
 * notification routes. Spread into its ROUTES table. Every mutating case builds a fresh record per
 * request, in the state the action needs, so each role's call really runs.
 */
import { eq, isNull } from 'drizzle-orm';
import { isCustomerRole, type Role } from '@grove/shared';
import { notifications, serviceRequestEvents, serviceRequestPriorities, serviceRequestTypes } from '../../db/schema.js';
import type { CustomerRow } from '../../test/factories.js';
import { createServiceRequest, type ServiceRequestRow } from './test-factories.js';
import type { AccessCase, AccessFixture, FileOwnerCase, ModuleTesting } from '../../modules/domain-module.js';
import { SIGNED_IN, STAFF, SYSTEM_ADMIN, type AudienceTable } from '../../test/audience.js';
import type { TestContext } from '../../test/test-app.js';
import { EVENT_OWNER, REQUEST_OWNER } from './queries.js';

/** A fresh request of `customer`; customer-side callers are its requester (edit/cancel are theirs). */
function freshRequest(values: Partial<ServiceRequestRow> = {}) {
  return async (f: AccessFixture, customer: CustomerRow, role: Role | null) => {
    const requesterId = role && isCustomerRole(role) ? f.users[role].id : null;
    const row = await createServiceRequest(f.ctx, { customerId: customer.id, requesterId, ...values });
    return { id: row.id };
  };
}

async function activeTypeId(f: AccessFixture): Promise<string> {
  const [type] = await f.ctx.database.db.select({ id: serviceRequestTypes.id }).from(serviceRequestTypes).where(isNull(serviceRequestTypes.retiredAt)).limit(1);
  return type!.id;
}

const unique = () => `matrix_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;

async function freshType(f: AccessFixture) {
  const [row] = await f.ctx.database.db.insert(serviceRequestTypes).values({ code: unique(), name: 'Matrix type' }).returning();
  return { id: row!.id };
}

async function freshPriority(f: AccessFixture) {
  const [row] = await f.ctx.database.db
    .insert(serviceRequestPriorities)
    .values({ code: unique(), name: 'Matrix priority', rank: 0, responseTargetHours: 1, resolutionTargetHours: 2 })
    .returning();
  return { id: row!.id };
}

export const serviceRequestRouteCases: Record<string, AccessCase> = {
  // service request types and priorities (read: everyone; write: System Admin)
  'GET /api/ServiceRequestTypes': {},
  'POST /api/ServiceRequestTypes': { body: () => ({ code: unique(), name: 'Matrix type' }) },
  'PUT /api/ServiceRequestTypes/:id': { params: freshType, body: { name: 'Matrix type renamed' } },
  'DELETE /api/ServiceRequestTypes/:id': { params: freshType },
  'GET /api/ServiceRequestPriorities': {},
  'POST /api/ServiceRequestPriorities': {
    body: () => ({ code: unique(), name: 'Matrix priority', rank: 0, responseTargetHours: 1, resolutionTargetHours: 2 }),
  },
  'PUT /api/ServiceRequestPriorities/:id': { params: freshPriority, body: { name: 'Matrix priority renamed' } },
  'DELETE /api/ServiceRequestPriorities/:id': { params: freshPriority },

  // service requests
  'GET /api/ServiceRequests': { listProbe: (f, customer) => createServiceRequest(f.ctx, { customerId: customer.id }) },
  'GET /api/ServiceRequests/export.csv': { listProbe: (f, customer) => createServiceRequest(f.ctx, { customerId: customer.id }) },
  'GET /api/ServiceRequests/map': { query: (_f, customer) => `customerId=${customer.id}` },
  'POST /api/ServiceRequests/bulk-assign': {
    body: async (f, customer) => ({ ids: [(await freshRequest()(f, customer, null)).id], assigneeId: null }),
  },
  'GET /api/ServiceRequests/:id': { params: freshRequest() },
  'POST /api/ServiceRequests': {
    body: async (f, customer) => ({ customerId: customer.id, typeId: await activeTypeId(f), title: 'Matrix request' }),
  },
  'PUT /api/ServiceRequests/:id': { params: freshRequest(), body: { title: 'Matrix request edited' } },
  'POST /api/ServiceRequests/:id/comments': { params: freshRequest(), body: { text: 'Matrix comment' } },
  'POST /api/ServiceRequests/:id/acknowledge': { params: freshRequest(), body: {} },
  'POST /api/ServiceRequests/:id/schedule': { params: freshRequest(), body: { scheduledDate: '2030-01-15' } },
  'POST /api/ServiceRequests/:id/start': { params: freshRequest(), body: {} },
  'POST /api/ServiceRequests/:id/complete': { params: freshRequest(), body: {} },
  'POST /api/ServiceRequests/:id/close': { params: freshRequest({ status: 'completed' }), body: {} },
  'POST /api/ServiceRequests/:id/cancel': { params: freshRequest(), body: { reason: 'Matrix cancel' } },
  'POST /api/ServiceRequests/:id/reopen': { params: freshRequest({ status: 'completed' }), body: { reason: 'Matrix reopen' } },
  'POST /api/ServiceRequests/:id/assign': { params: freshRequest(), body: { assigneeId: null } },
  'POST /api/ServiceRequests/:id/priority': {
    params: freshRequest(),
    body: async (f) => {
      const [high] = await f.ctx.database.db.select({ id: serviceRequestPriorities.id }).from(serviceRequestPriorities).where(eq(serviceRequestPriorities.code, 'high'));
      return { priorityId: high!.id };
    },
  },

  // notifications (always the caller's own)
  'GET /api/Notifications': {},
  'GET /api/Notifications/unread-count': {},
  'POST /api/Notifications/read-all': {},
  'POST /api/Notifications/:id/read': {
    params: async (f, _customer, role) => {
      if (!role) return { id: crypto.randomUUID() };
      const [row] = await f.ctx.database.db
        .insert(notifications)
        .values({ userId: f.users[role].id, type: 'service_request_update', messageKey: 'serviceRequest.status', link: null })
        .returning();
      return { id: row!.id };
    },
  },
  'GET /api/Notifications/preferences': {},
  'PUT /api/Notifications/preferences': { body: { data: [{ kind: 'service_request_update', inApp: true, email: true }] } },
};

/** A request, a visible timeline comment and an internal note: the records request photos hang on. */
const fileOwners: FileOwnerCase[] = [
  {
    label: 'service request',
    customerUsersSee: true,
    create: async (ctx, customer) => ({ ownerType: REQUEST_OWNER, ownerId: (await createServiceRequest(ctx, { customerId: customer.id })).id }),
  },
  {
    label: 'timeline comment',
    customerUsersSee: true,
    create: async (ctx, customer, uploaderId) => ({ ownerType: EVENT_OWNER, ownerId: await timelineEntry(ctx, customer.id, uploaderId, 'all') }),
  },
  {
    label: 'internal note',
    customerUsersSee: false,
    create: async (ctx, customer, uploaderId) => ({ ownerType: EVENT_OWNER, ownerId: await timelineEntry(ctx, customer.id, uploaderId, 'staff'), staffOnly: true }),
  },
  {
    // Even if attached without the flag, the entry itself keeps its photos from customer users.
    label: 'internal note (attached without the staff-only flag)',
    customerUsersSee: false,
    create: async (ctx, customer, uploaderId) => ({ ownerType: EVENT_OWNER, ownerId: await timelineEntry(ctx, customer.id, uploaderId, 'staff') }),
  },
];

async function timelineEntry(ctx: TestContext, customerId: string, authorId: string, visibility: 'all' | 'staff'): Promise<string> {
  const request = await createServiceRequest(ctx, { customerId });
  const [event] = await ctx.database.db
    .insert(serviceRequestEvents)
    .values({ requestId: request.id, kind: visibility === 'staff' ? 'internal_note' : 'comment', visibility, authorId, text: 'Matrix' })
    .returning({ id: serviceRequestEvents.id });
  return event!.id;
}

/**
 * Expected audience (test/audience.ts), issues 5 and 6: reference data is read by everyone and
 * changed by the System Admin; requests are raised and followed by staff and customer users of the
 * customer; the work steps are staff's. Notifications are always the caller's own.
 */
const audience: AudienceTable = {
  'GET /api/ServiceRequestTypes': { who: SIGNED_IN },
  'POST /api/ServiceRequestTypes': { who: SYSTEM_ADMIN },
  'PUT /api/ServiceRequestTypes/:id': { who: SYSTEM_ADMIN },
  'DELETE /api/ServiceRequestTypes/:id': { who: SYSTEM_ADMIN },
  'GET /api/ServiceRequestPriorities': { who: SIGNED_IN },
  'POST /api/ServiceRequestPriorities': { who: SYSTEM_ADMIN },
  'PUT /api/ServiceRequestPriorities/:id': { who: SYSTEM_ADMIN },
  'DELETE /api/ServiceRequestPriorities/:id': { who: SYSTEM_ADMIN },

  'GET /api/ServiceRequests': { who: SIGNED_IN, scope: 'list' },
  'GET /api/ServiceRequests/export.csv': { who: SIGNED_IN, scope: 'list' },
  'GET /api/ServiceRequests/map': { who: SIGNED_IN, scope: 'record' },
  'POST /api/ServiceRequests/bulk-assign': { who: STAFF },
  'GET /api/ServiceRequests/:id': { who: SIGNED_IN, scope: 'record' },
  'POST /api/ServiceRequests': { who: SIGNED_IN, scope: 'record' },
  'PUT /api/ServiceRequests/:id': { who: SIGNED_IN, scope: 'record' },
  'POST /api/ServiceRequests/:id/comments': { who: SIGNED_IN, scope: 'record' },
  'POST /api/ServiceRequests/:id/acknowledge': { who: STAFF, scope: 'record' },
  'POST /api/ServiceRequests/:id/schedule': { who: STAFF, scope: 'record' },
  'POST /api/ServiceRequests/:id/start': { who: STAFF, scope: 'record' },
  'POST /api/ServiceRequests/:id/complete': { who: STAFF, scope: 'record' },
  'POST /api/ServiceRequests/:id/close': { who: SIGNED_IN, scope: 'record' },
  'POST /api/ServiceRequests/:id/cancel': { who: SIGNED_IN, scope: 'record' },
  'POST /api/ServiceRequests/:id/reopen': { who: SIGNED_IN, scope: 'record' },
  'POST /api/ServiceRequests/:id/assign': { who: STAFF, scope: 'record' },
  'POST /api/ServiceRequests/:id/priority': { who: STAFF, scope: 'record' },

  'GET /api/Notifications': { who: SIGNED_IN, scope: 'own' },
  'GET /api/Notifications/unread-count': { who: SIGNED_IN, scope: 'own' },
  'POST /api/Notifications/read-all': { who: SIGNED_IN, scope: 'own' },
  'POST /api/Notifications/:id/read': { who: SIGNED_IN, scope: 'own' },
  'GET /api/Notifications/preferences': { who: SIGNED_IN, scope: 'own' },
  'PUT /api/Notifications/preferences': { who: SIGNED_IN, scope: 'own' },
};

export const serviceRequestsTesting: ModuleTesting = { accessCases: serviceRequestRouteCases, audience, fileOwners };
