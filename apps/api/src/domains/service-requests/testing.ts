/**
 * Access-matrix entries (domains/access-matrix.test.ts) for the service-request, reference-data and
 * notification routes. Spread into its ROUTES table. Every mutating case builds a fresh record per
 * request, in the state the action needs, so each role's call really runs.
 */
import { eq, isNull } from 'drizzle-orm';
import { STAFF_ROLES, isCustomerRole, type Role } from '@grove/shared';
import { notifications, serviceRequestEvents, serviceRequestPriorities, serviceRequestTypes } from '../../db/schema.js';
import type { CustomerRow } from '../../test/factories.js';
import { createServiceRequest, type ServiceRequestRow } from './test-factories.js';
import type { AccessCase, AccessFixture, FileOwnerCase, ModuleTesting } from '../../modules/domain-module.js';
import type { TestContext } from '../../test/test-app.js';
import { EVENT_OWNER, REQUEST_OWNER } from './queries.js';

const notSystemAdmin = STAFF_ROLES.filter((role) => role !== 'System Admin');

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
  'POST /api/ServiceRequestTypes': { body: () => ({ code: unique(), name: 'Matrix type' }), forbiddenRoles: notSystemAdmin },
  'PUT /api/ServiceRequestTypes/:id': { params: freshType, body: { name: 'Matrix type renamed' }, forbiddenRoles: notSystemAdmin },
  'DELETE /api/ServiceRequestTypes/:id': { params: freshType, forbiddenRoles: notSystemAdmin },
  'GET /api/ServiceRequestPriorities': {},
  'POST /api/ServiceRequestPriorities': {
    body: () => ({ code: unique(), name: 'Matrix priority', rank: 0, responseTargetHours: 1, resolutionTargetHours: 2 }),
    forbiddenRoles: notSystemAdmin,
  },
  'PUT /api/ServiceRequestPriorities/:id': { params: freshPriority, body: { name: 'Matrix priority renamed' }, forbiddenRoles: notSystemAdmin },
  'DELETE /api/ServiceRequestPriorities/:id': { params: freshPriority, forbiddenRoles: notSystemAdmin },

  // service requests
  'GET /api/ServiceRequests': {},
  'GET /api/ServiceRequests/export.csv': {},
  'GET /api/ServiceRequests/map': { scoped: true, query: (_f, customer) => `customerId=${customer.id}` },
  'POST /api/ServiceRequests/bulk-assign': {
    body: async (f, customer) => ({ ids: [(await freshRequest()(f, customer, null)).id], assigneeId: null }),
  },
  'GET /api/ServiceRequests/:id': { scoped: true, params: freshRequest() },
  'POST /api/ServiceRequests': {
    scoped: true,
    body: async (f, customer) => ({ customerId: customer.id, typeId: await activeTypeId(f), title: 'Matrix request' }),
  },
  'PUT /api/ServiceRequests/:id': { scoped: true, params: freshRequest(), body: { title: 'Matrix request edited' } },
  'POST /api/ServiceRequests/:id/comments': { scoped: true, params: freshRequest(), body: { text: 'Matrix comment' } },
  'POST /api/ServiceRequests/:id/acknowledge': { scoped: true, params: freshRequest(), body: {} },
  'POST /api/ServiceRequests/:id/schedule': { scoped: true, params: freshRequest(), body: { scheduledDate: '2030-01-15' } },
  'POST /api/ServiceRequests/:id/start': { scoped: true, params: freshRequest(), body: {} },
  'POST /api/ServiceRequests/:id/complete': { scoped: true, params: freshRequest(), body: {} },
  'POST /api/ServiceRequests/:id/close': { scoped: true, params: freshRequest({ status: 'completed' }), body: {} },
  'POST /api/ServiceRequests/:id/cancel': { scoped: true, params: freshRequest(), body: { reason: 'Matrix cancel' } },
  'POST /api/ServiceRequests/:id/reopen': { scoped: true, params: freshRequest({ status: 'completed' }), body: { reason: 'Matrix reopen' } },
  'POST /api/ServiceRequests/:id/assign': { scoped: true, params: freshRequest(), body: { assigneeId: null } },
  'POST /api/ServiceRequests/:id/priority': {
    scoped: true,
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

export const serviceRequestsTesting: ModuleTesting = { accessCases: serviceRequestRouteCases, fileOwners };
