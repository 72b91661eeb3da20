/**
 * Access-matrix entries (domains/access-matrix.test.ts) for issue 4: customers, their settings,
 * zones and team, regions/branches, portal access, employees and resident registration. Spread into
 * its ROUTES table. Mutating cases build a fresh record per request.
 */
import { ROLES, STAFF_ROLES, type Role } from '@grove/shared';
import { customerUsers, customerZones } from '../../db/schema.js';
import { addTeamMember, createBranch, createRegion, createUser, linkCustomerUser, type CustomerRow } from '../../test/factories.js';
import type { AccessBuilder, AccessCase, AccessFixture, FileOwnerCase, ModuleTesting } from '../../modules/domain-module.js';
import { CUSTOMER_PHOTO_OWNER } from './customer-write.js';

const id: AccessBuilder<Record<string, string>> = (_f, customer) => ({ id: customer.id });
const unique = () => crypto.randomUUID().replace(/-/g, '').slice(0, 12);

/** Staff who may not edit a customer they see (only editors and its Account Manager may). */
const NOT_EDITORS: readonly Role[] = ['Crew Leader', 'Business Development'];
/** Customer roles that do not manage portal users by default (Property Managers do). */
const CUSTOMER_NON_MANAGERS: readonly Role[] = ['Board Member', 'Resident', 'Tenant/Resident', 'Tenant/Resident - Neighborhood', 'Landscape Committee'];
const NOT_PORTAL_MANAGERS: readonly Role[] = [...NOT_EDITORS, ...CUSTOMER_NON_MANAGERS];
const NOT_SYSTEM_ADMIN: readonly Role[] = STAFF_ROLES.filter((role) => role !== 'System Admin');

const square = {
  type: 'Polygon',
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
    .values({ customerId: customer.id, name: 'Matrix zone', kind: 'bed', color: '#aa3355', geometry: square as never, areaSqM: 1 })
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
  'GET /api/Customers': {},
  'GET /api/Customers/:id': { scoped: true, params: id },
  'GET /api/Customers/export.csv': {},
  'POST /api/Customers': {
    body: (_f, customer) => ({ name: 'Matrix customer', accountNumber: `MX-${unique()}`, regionId: customer.regionId, branchId: customer.branchId, addressLine1: '1 Matrix Way', city: 'Atlanta', state: 'GA', postalCode: '30301' }),
    forbiddenRoles: ['Account Manager', ...NOT_EDITORS],
  },
  'PUT /api/Customers/:id': {
    scoped: true,
    params: async (f, customer) => ({ id: (await f.copyCustomer(customer)).id }),
    // A contact field, so the customer's own Account Manager may change it too.
    body: { notes: 'Matrix note' },
    forbiddenRoles: NOT_EDITORS,
  },
  'GET /api/Customers/:id/overview': { scoped: true, params: id },
  'GET /api/Customers/:id/settings': { scoped: true, params: id, forbiddenRoles: NOT_PORTAL_MANAGERS },
  'PUT /api/Customers/:id/settings': { scoped: true, params: id, body: { boardMembersManagePortal: false }, forbiddenRoles: ['Account Manager', ...NOT_EDITORS] },
  'POST /api/Customers/:id/settings/rotate-code': { scoped: true, params: id, forbiddenRoles: ['Account Manager', ...NOT_EDITORS] },
  'GET /api/Customers/:id/zones': { scoped: true, params: id },
  'POST /api/Customers/:id/zones': { scoped: true, params: id, body: zoneBody, forbiddenRoles: NOT_EDITORS },
  'PUT /api/Customers/:id/zones/:zoneId': { scoped: true, params: freshZone, body: zoneBody, forbiddenRoles: NOT_EDITORS },
  'DELETE /api/Customers/:id/zones/:zoneId': { scoped: true, params: freshZone, forbiddenRoles: NOT_EDITORS },
  'GET /api/Customers/:id/team': { scoped: true, params: id },
  'POST /api/Customers/:id/team': {
    scoped: true,
    params: async (f, customer) => ({ id: (await f.copyCustomer(customer)).id }),
    body: (f) => ({ userId: f.users['Crew Leader'].id, teamRole: 'Crew Leader' }),
    forbiddenRoles: NOT_EDITORS,
  },
  'DELETE /api/Customers/:id/team/:userId': {
    scoped: true,
    params: async (f, customer) => {
      const copy = await f.copyCustomer(customer);
      const member = await createUser(f.ctx, { roles: ['Crew Leader'] });
      await addTeamMember(f.ctx, copy.id, member.id, 'Crew Leader');
      return { id: copy.id, userId: member.id };
    },
    forbiddenRoles: NOT_EDITORS,
  },

  // regions and branches (read: staff; write: System Admin)
  'GET /api/Regions': {},
  'POST /api/Regions': { body: () => ({ name: `Matrix region ${unique()}` }), forbiddenRoles: NOT_SYSTEM_ADMIN },
  'PUT /api/Regions/:id': { params: async (f) => ({ id: (await createRegion(f.ctx)).id }), body: () => ({ name: `Matrix region ${unique()}` }), forbiddenRoles: NOT_SYSTEM_ADMIN },
  'GET /api/Branches': {},
  'POST /api/Branches': {
    body: (_f, customer) => ({ name: `Matrix branch ${unique()}`, regionId: customer.regionId, timeZone: 'America/Chicago' }),
    forbiddenRoles: NOT_SYSTEM_ADMIN,
  },
  'PUT /api/Branches/:id': { params: async (f) => ({ id: (await createBranch(f.ctx)).id }), body: { timeZone: 'America/Denver' }, forbiddenRoles: NOT_SYSTEM_ADMIN },

  // portal access (editors, the customer's Account Manager and its Property Managers)
  'GET /api/Customers/:id/portal-users': { scoped: true, params: id, forbiddenRoles: NOT_PORTAL_MANAGERS },
  'POST /api/Customers/:id/portal-users': {
    scoped: true,
    params: id,
    body: () => ({ firstName: 'Matrix', lastName: 'Invitee', email: `invitee-${unique()}@example.test`, roles: ['Resident'] }),
    forbiddenRoles: NOT_PORTAL_MANAGERS,
  },
  'GET /api/Customers/:id/portal-users/:userId': { scoped: true, params: freshPortalUser('active'), forbiddenRoles: NOT_PORTAL_MANAGERS },
  'PUT /api/Customers/:id/portal-users/:userId': { scoped: true, params: freshPortalUser('active'), body: { roles: ['Board Member'] }, forbiddenRoles: NOT_PORTAL_MANAGERS },
  'POST /api/Customers/:id/portal-users/:userId/resend-invitation': { scoped: true, params: freshPortalUser('invited'), forbiddenRoles: NOT_PORTAL_MANAGERS },
  'POST /api/Customers/:id/portal-users/:userId/disable': { scoped: true, params: freshPortalUser('active'), forbiddenRoles: NOT_PORTAL_MANAGERS },
  'POST /api/Customers/:id/portal-users/:userId/enable': { scoped: true, params: freshPortalUser('disabled'), forbiddenRoles: NOT_PORTAL_MANAGERS },
  'POST /api/Customers/:id/portal-users/:userId/approve': { scoped: true, params: freshPortalUser('pending'), forbiddenRoles: NOT_PORTAL_MANAGERS },
  'GET /api/Users/CheckUserExists': { scoped: true, query: (_f, customer) => `email=someone%40example.test&customerId=${customer.id}`, forbiddenRoles: NOT_PORTAL_MANAGERS },
  // disabling an account everywhere: System Admin alone (issue 9 §5)
  'POST /api/Customers/:id/portal-users/:userId/disable-account': { scoped: true, params: freshPortalUser('active'), forbiddenRoles: ROLES.filter((role) => role !== 'System Admin') },
  'POST /api/Customers/:id/portal-users/:userId/enable-account': { scoped: true, params: freshPortalUser('disabled'), forbiddenRoles: ROLES.filter((role) => role !== 'System Admin') },
  // join requests: the signed-in person answers their own (roles [] so accepting changes no role of the fixture)
  'GET /api/Users/me/join-requests': {},
  'POST /api/Users/me/join-requests/:customerId/accept': { params: joinRequestFor },
  'POST /api/Users/me/join-requests/:customerId/decline': { params: joinRequestFor },

  // employees (directory: staff; records: System Admin)
  'GET /api/Employees': {},
  'GET /api/Employees/:id': { params: (f) => ({ id: f.users['Crew Leader'].id }) },
  'POST /api/Employees': { body: () => ({ email: `staff-${unique()}@example.test`, firstName: 'Matrix', lastName: 'Staff', roles: ['Crew Leader'] }), forbiddenRoles: NOT_SYSTEM_ADMIN },
  'PUT /api/Employees/:id': { params: freshStaff(), body: { title: 'Matrix title' }, forbiddenRoles: NOT_SYSTEM_ADMIN },
  'POST /api/Employees/:id/deactivate': { params: freshStaff(), forbiddenRoles: NOT_SYSTEM_ADMIN },
  'POST /api/Employees/:id/resend-invitation': { params: freshStaff({ invited: true }), forbiddenRoles: NOT_SYSTEM_ADMIN },

  // resident registration (public; a wrong code is a 400, never a 401/403)
  'POST /api/Registration/resident': { body: registration },
};

const fileOwners: FileOwnerCase[] = [
  { label: 'customer photo', customerUsersSee: true, create: async (_ctx, customer) => ({ ownerType: CUSTOMER_PHOTO_OWNER, ownerId: customer.id }) },
];

export const customersTesting: ModuleTesting = { accessCases: customerRouteCases, fileOwners };
