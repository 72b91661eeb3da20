/**
 * Access-matrix entries (domains/access-matrix.test.ts) for issue 4: customers, their settings,
 * zones and team, regions/branches, portal access, employees and resident registration. Spread into
 * its ROUTES table. Mutating cases build a fresh record per request.
 */
import type { Role } from '@grove/shared';
import { customerUsers, customerZones } from '../../db/schema.js';
import { addTeamMember, createBranch, createRegion, createUser, linkCustomerUser, type CustomerRow } from '../../test/factories.js';
import type { AccessBuilder, AccessCase, AccessFixture, FileOwnerCase, ModuleTesting } from '../../modules/domain-module.js';
import { CUSTOMER_EDITORS, SIGNED_IN, STAFF, SYSTEM_ADMIN, except, type AudienceTable } from '../../test/audience.js';
import { CUSTOMER_PHOTO_OWNER } from './customer-write.js';

const id: AccessBuilder<Record<string, string>> = (_f, customer) => ({ id: customer.id });
const unique = () => crypto.randomUUID().replace(/-/g, '').slice(0, 12);

/** A new customer with the same team and customer users: in the lists of whoever sees `customer`. */
const anotherCustomer = (f: AccessFixture, customer: CustomerRow) => f.copyCustomer(customer);

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [-84.566, 33.95],
      [-84.565, 33.95],
      [-84.565, 33.951],
      [-84.566, 33.951],
      [-84.566, 33.95],
    ],
  ],
};
const zoneBody = { name: 'Matrix zone', kind: 'turf', color: '#33aa55', geometry: square };

async function freshZone(f: AccessFixture, customer: CustomerRow) {
  const [zone] = await f.ctx.database.db
    .insert(customerZones)
    .values({ customerId: customer.id, name: 'Matrix zone', kind: 'bed', color: '#aa3355', geometry: square, areaSqM: 1 })
    .returning();
  return { id: customer.id, zoneId: zone!.id };
}

/** A portal user of `customer` in the given state, made for one request. */
/** A new customer asking the caller to join it. */
async function joinRequestFor(f: AccessFixture, customer: CustomerRow, role: Role | null): Promise<Record<string, string>> {
  const copy = await f.copyCustomer(customer);
  if (role) {
    await f.ctx.database.db
      .insert(customerUsers)
      .values({ customerId: copy.id, userId: f.users[role].id, status: 'requested', roles: [] })
      .onConflictDoUpdate({ target: [customerUsers.customerId, customerUsers.userId], set: { status: 'requested', roles: [] } });
  }
  return { customerId: copy.id };
}

function freshPortalUser(state: 'active' | 'invited' | 'disabled' | 'pending') {
  return async (f: AccessFixture, customer: CustomerRow) => {
    const user = await createUser(f.ctx, {
      roles: ['Resident'],
      password: state === 'invited' ? null : undefined,
      active: state !== 'pending',
    });
    const status = state === 'disabled' ? 'disabled' : state === 'pending' ? 'pending_approval' : 'active';
    await linkCustomerUser(f.ctx, customer.id, user.id, status);
    return { id: customer.id, userId: user.id };
  };
}

function freshStaff(options: { invited?: boolean } = {}) {
  return async (f: AccessFixture) => ({ id: (await createUser(f.ctx, { roles: ['Crew Leader'], password: options.invited ? null : undefined })).id });
}

const registration = {
  code: 'NOPE-NOPE',
  firstName: 'Matrix',
  lastName: 'Resident',
  email: 'matrix-resident@example.test',
  unit: 'Unit 1',
  password: 'Quiet-Harbor-Kettle-93',
  confirmPassword: 'Quiet-Harbor-Kettle-93',
};

export const customerRouteCases: Record<string, AccessCase> = {
  // customers
  'GET /api/Customers': { listProbe: anotherCustomer },
  'GET /api/Customers/:id': { params: id },
  'GET /api/Customers/export.csv': { listProbe: anotherCustomer },
  'POST /api/Customers': {
    body: (_f, customer) => ({ name: 'Matrix customer', accountNumber: `MX-${unique()}`, regionId: customer.regionId, branchId: customer.branchId, addressLine1: '1 Matrix Way', city: 'Atlanta', state: 'GA', postalCode: '30301' }),
  },
  'PUT /api/Customers/:id': {
    params: async (f, customer) => ({ id: (await f.copyCustomer(customer)).id }),
    // A contact field, so the customer's own Account Manager may change it too.
    body: { notes: 'Matrix note' },
  },
  'GET /api/Customers/:id/overview': { params: id },
  'GET /api/Customers/:id/settings': { params: id },
  'PUT /api/Customers/:id/settings': { params: id, body: { boardMembersManagePortal: false } },
  'POST /api/Customers/:id/settings/rotate-code': { params: id },
  'GET /api/Customers/:id/zones': { params: id },
  'POST /api/Customers/:id/zones': { params: id, body: zoneBody },
  'PUT /api/Customers/:id/zones/:zoneId': { params: freshZone, body: zoneBody },
  'DELETE /api/Customers/:id/zones/:zoneId': { params: freshZone },
  'GET /api/Customers/:id/team': { params: id },
  'POST /api/Customers/:id/team': {
    params: async (f, customer) => ({ id: (await f.copyCustomer(customer)).id }),
    body: (f) => ({ userId: f.users['Crew Leader'].id, teamRole: 'Crew Leader' }),
  },
  'DELETE /api/Customers/:id/team/:userId': {
    params: async (f, customer) => {
      const copy = await f.copyCustomer(customer);
      const member = await createUser(f.ctx, { roles: ['Crew Leader'] });
      await addTeamMember(f.ctx, copy.id, member.id, 'Crew Leader');
      return { id: copy.id, userId: member.id };
    },
  },

  // regions and branches (read: staff; write: System Admin)
  'GET /api/Regions': {},
  'POST /api/Regions': { body: () => ({ name: `Matrix region ${unique()}` }) },
  'PUT /api/Regions/:id': { params: async (f) => ({ id: (await createRegion(f.ctx)).id }), body: () => ({ name: `Matrix region ${unique()}` }) },
  'GET /api/Branches': {},
  'POST /api/Branches': {
    body: (_f, customer) => ({ name: `Matrix branch ${unique()}`, regionId: customer.regionId, timeZone: 'America/Chicago' }),
  },
  'PUT /api/Branches/:id': { params: async (f) => ({ id: (await createBranch(f.ctx)).id }), body: { timeZone: 'America/Denver' } },

  // portal access (editors, the customer's Account Manager and its Property Managers)
  'GET /api/Customers/:id/portal-users': { params: id },
  'POST /api/Customers/:id/portal-users': {
    params: id,
    body: () => ({ firstName: 'Matrix', lastName: 'Invitee', email: `invitee-${unique()}@example.test`, roles: ['Resident'] }),
  },
  'GET /api/Customers/:id/portal-users/:userId': { params: freshPortalUser('active') },
  'PUT /api/Customers/:id/portal-users/:userId': { params: freshPortalUser('active'), body: { roles: ['Board Member'] } },
  'POST /api/Customers/:id/portal-users/:userId/resend-invitation': { params: freshPortalUser('invited') },
  'POST /api/Customers/:id/portal-users/:userId/disable': { params: freshPortalUser('active') },
  'POST /api/Customers/:id/portal-users/:userId/enable': { params: freshPortalUser('disabled') },
  'POST /api/Customers/:id/portal-users/:userId/approve': { params: freshPortalUser('pending') },
  'GET /api/Users/CheckUserExists': { query: (_f, customer) => `email=someone%40example.test&customerId=${customer.id}`},
  // disabling an account everywhere: System Admin alone (issue 9 §5)
  'POST /api/Customers/:id/portal-users/:userId/disable-account': { params: freshPortalUser('active') },
  'POST /api/Customers/:id/portal-users/:userId/enable-account': { params: freshPortalUser('disabled') },
  // join requests: the signed-in person answers their own (roles [] so accepting changes no role of the fixture)
  'GET /api/Users/me/join-requests': {},
  'POST /api/Users/me/join-requests/:customerId/accept': { params: joinRequestFor },
  'POST /api/Users/me/join-requests/:customerId/decline': { params: joinRequestFor },

  // employees (directory: staff; records: System Admin)
  'GET /api/Employees': {},
  'GET /api/Employees/:id': { params: (f) => ({ id: f.users['Crew Leader'].id }) },
  'POST /api/Employees': { body: () => ({ email: `staff-${unique()}@example.test`, firstName: 'Matrix', lastName: 'Staff', roles: ['Crew Leader'] }) },
  'PUT /api/Employees/:id': { params: freshStaff(), body: { title: 'Matrix title' } },
  'POST /api/Employees/:id/deactivate': { params: freshStaff() },
  'POST /api/Employees/:id/resend-invitation': { params: freshStaff({ invited: true }) },

  // resident registration (public; a wrong code is a 400, never a 401/403)
  'POST /api/Registration/resident': { body: registration },
};

const fileOwners: FileOwnerCase[] = [
  { label: 'customer photo', customerUsersSee: true, create: async (_ctx, customer) => ({ ownerType: CUSTOMER_PHOTO_OWNER, ownerId: customer.id }) },
];

/** Who manages a customer's portal users (issue 4): editors, its Account Manager and its Property Managers. */
const PORTAL_MANAGERS: readonly Role[] = [...except(STAFF, 'Crew Leader', 'Business Development'), 'Property Manager'];

/** The expected audience (test/audience.ts) of the routes above: spec §6 and issues 2, 4 and 9. */
export const customerAudience: AudienceTable = {
  // customers: staff see those in their scope, customer users their own properties
  'GET /api/Customers': { who: SIGNED_IN, scope: 'list' },
  'GET /api/Customers/export.csv': { who: STAFF, scope: 'list' },
  'POST /api/Customers': { who: CUSTOMER_EDITORS },
  'GET /api/Customers/:id': { who: SIGNED_IN, scope: 'record' },
  'PUT /api/Customers/:id': { who: except(STAFF, 'Crew Leader', 'Business Development'), scope: 'record' },
  'GET /api/Customers/:id/overview': { who: SIGNED_IN, scope: 'record' },
  'GET /api/Customers/:id/settings': { who: PORTAL_MANAGERS, scope: 'record' },
  'PUT /api/Customers/:id/settings': { who: CUSTOMER_EDITORS, scope: 'record' },
  'POST /api/Customers/:id/settings/rotate-code': { who: CUSTOMER_EDITORS, scope: 'record' },
  'GET /api/Customers/:id/zones': { who: SIGNED_IN, scope: 'record' },
  'POST /api/Customers/:id/zones': { who: except(STAFF, 'Crew Leader', 'Business Development'), scope: 'record' },
  'PUT /api/Customers/:id/zones/:zoneId': { who: except(STAFF, 'Crew Leader', 'Business Development'), scope: 'record' },
  'DELETE /api/Customers/:id/zones/:zoneId': { who: except(STAFF, 'Crew Leader', 'Business Development'), scope: 'record' },
  'GET /api/Customers/:id/team': { who: STAFF, scope: 'record' },
  'POST /api/Customers/:id/team': { who: except(STAFF, 'Crew Leader', 'Business Development'), scope: 'record' },
  'DELETE /api/Customers/:id/team/:userId': { who: except(STAFF, 'Crew Leader', 'Business Development'), scope: 'record' },

  // regions and branches: company-wide; read by staff, changed by the System Admin
  'GET /api/Regions': { who: STAFF },
  'POST /api/Regions': { who: SYSTEM_ADMIN },
  'PUT /api/Regions/:id': { who: SYSTEM_ADMIN },
  'GET /api/Branches': { who: STAFF },
  'POST /api/Branches': { who: SYSTEM_ADMIN },
  'PUT /api/Branches/:id': { who: SYSTEM_ADMIN },

  // portal access
  'GET /api/Customers/:id/portal-users': { who: PORTAL_MANAGERS, scope: 'record' },
  'POST /api/Customers/:id/portal-users': { who: PORTAL_MANAGERS, scope: 'record' },
  'GET /api/Customers/:id/portal-users/:userId': { who: PORTAL_MANAGERS, scope: 'record' },
  'PUT /api/Customers/:id/portal-users/:userId': { who: PORTAL_MANAGERS, scope: 'record' },
  'POST /api/Customers/:id/portal-users/:userId/resend-invitation': { who: PORTAL_MANAGERS, scope: 'record' },
  'POST /api/Customers/:id/portal-users/:userId/disable': { who: PORTAL_MANAGERS, scope: 'record' },
  'POST /api/Customers/:id/portal-users/:userId/enable': { who: PORTAL_MANAGERS, scope: 'record' },
  'POST /api/Customers/:id/portal-users/:userId/approve': { who: PORTAL_MANAGERS, scope: 'record' },
  'GET /api/Users/CheckUserExists': { who: PORTAL_MANAGERS, scope: 'record' },
  'POST /api/Customers/:id/portal-users/:userId/disable-account': { who: SYSTEM_ADMIN, scope: 'record' },
  'POST /api/Customers/:id/portal-users/:userId/enable-account': { who: SYSTEM_ADMIN, scope: 'record' },
  'GET /api/Users/me/join-requests': { who: SIGNED_IN, scope: 'own' },
  'POST /api/Users/me/join-requests/:customerId/accept': { who: SIGNED_IN, scope: 'own' },
  'POST /api/Users/me/join-requests/:customerId/decline': { who: SIGNED_IN, scope: 'own' },

  // employees: the directory for staff; records for the System Admin
  'GET /api/Employees': { who: STAFF },
  'GET /api/Employees/:id': { who: STAFF },
  'POST /api/Employees': { who: SYSTEM_ADMIN },
  'PUT /api/Employees/:id': { who: SYSTEM_ADMIN },
  'POST /api/Employees/:id/deactivate': { who: SYSTEM_ADMIN },
  'POST /api/Employees/:id/resend-invitation': { who: SYSTEM_ADMIN },

  'POST /api/Registration/resident': { who: 'public' },
};

export const customersTesting: ModuleTesting = { accessCases: customerRouteCases, audience: customerAudience, fileOwners };
