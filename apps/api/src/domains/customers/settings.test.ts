import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_ROLES, REGISTRATION_CODE_ALPHABET, type CustomerSettings, type Role } from '@grove/shared';
import { createScopeWorld, createUser, linkCustomerUser, signIn, type ScopeWorld, type SignedIn } from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { customerRoleReceives, customerUsersReceiving } from '../notifications/index.js';
import { normalizeRegistrationCode } from './registration-codes.js';

describe(`customer settings (${dbKind})`, () => {
  let ctx: TestContext;
  let world: ScopeWorld;
  const as = {} as Record<Role, SignedIn>;

  beforeAll(async () => {
    ctx = await createTestContext();
    world = await createScopeWorld(ctx);
    for (const [role, user] of Object.entries(world.users)) as[role as Role] = await signIn(ctx, user);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const url = (customerId = world.inScope.id) => `/api/Customers/${customerId}/settings`;
  const get = (role: Role, customerId?: string) => ctx.app.inject({ method: 'GET', url: url(customerId), headers: as[role] });
  const put = (role: Role, payload: object, customerId?: string) => ctx.app.inject({ method: 'PUT', url: url(customerId), headers: as[role], payload });

  it('starts with the defaults: no self-registration, no code, property managers hear of registrations', async () => {
    const res = await get('Branch Manager');
    expect(res.json()).toEqual({
      customerId: world.inScope.id,
      selfRegistrationEnabled: false,
      registrationCode: null,
      boardMembersManagePortal: false,
      notificationRoles: {
        service_request_update: [...CUSTOMER_ROLES],
        service_request_property_update: [...CUSTOMER_ROLES],
        service_request_new_at_property: [...CUSTOMER_ROLES],
        portal_registration_pending: ['Property Manager'],
        orange_report_published: ['Property Manager', 'Board Member', 'Landscape Committee'],
        proposal_sent: ['Property Manager', 'Board Member'],
        plan_published: ['Property Manager', 'Board Member', 'Landscape Committee'],
        invoice_issued: ['Property Manager', 'Board Member'],
      },
      notificationKinds: [
        { kind: 'portal_registration_pending', title: 'A resident registration waits for approval' },
        { kind: 'service_request_update', title: 'Updates on their own service requests' },
        { kind: 'service_request_property_update', title: 'Updates on any service request of the property' },
        { kind: 'service_request_new_at_property', title: 'New service requests filed at the property' },
        { kind: 'orange_report_published', title: 'New orange reports (field findings)' },
        { kind: 'proposal_sent', title: 'Proposals sent for signature' },
        { kind: 'plan_published', title: 'New and revised 90-day plans' },
        { kind: 'invoice_issued', title: 'New invoices' },
      ],
      canEdit: true,
    });
  });

  it('draws a typable code when self-registration is turned on, keeps it when off, and rotates it', async () => {
    const on = (await put('Regional Director', { selfRegistrationEnabled: true })).json<CustomerSettings>();
    expect(on.selfRegistrationEnabled).toBe(true);
    expect(on.registrationCode).toMatch(new RegExp(`^[${REGISTRATION_CODE_ALPHABET}]{4}-[${REGISTRATION_CODE_ALPHABET}]{4}$`));
    expect(on.registrationCode).not.toMatch(/[01OIL]/);
    const off = (await put('Regional Director', { selfRegistrationEnabled: false })).json<CustomerSettings>();
    expect(off).toMatchObject({ selfRegistrationEnabled: false, registrationCode: on.registrationCode });
    const rotated = await ctx.app.inject({ method: 'POST', url: `${url()}/rotate-code`, headers: as['System Admin'] });
    expect(rotated.json<CustomerSettings>().registrationCode).not.toBe(on.registrationCode);
    expect(normalizeRegistrationCode(' abcd-efgh ')).toBe('ABCDEFGH');

    // Codes are unique across customers.
    const other = (await put('System Admin', { selfRegistrationEnabled: true }, world.outOfScope.id)).json<CustomerSettings>();
    expect(other.registrationCode).not.toBe(rotated.json<CustomerSettings>().registrationCode);
  });

  it('lets editors change settings; the account manager and property managers only read; others 403; out of scope 404', async () => {
    expect((await get('Account Manager')).json()).toMatchObject({ canEdit: false });
    expect((await get('Property Manager')).json()).toMatchObject({ canEdit: false });
    for (const role of ['Crew Leader', 'Business Development', 'Board Member', 'Resident'] as Role[]) expect((await get(role)).statusCode, role).toBe(403);
    for (const role of ['Account Manager', 'Crew Leader'] as Role[]) expect((await put(role, { boardMembersManagePortal: true })).statusCode, role).toBe(403);
    expect((await put('Property Manager', { boardMembersManagePortal: true })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: `${url()}/rotate-code`, headers: as['Account Manager'] })).statusCode).toBe(403);
    for (const role of ['Branch Manager', 'Regional Manager', 'Account Manager', 'Property Manager'] as Role[]) {
      expect((await get(role, world.outOfScope.id)).statusCode, role).toBe(404);
    }
    expect((await put('Branch Manager', { boardMembersManagePortal: true }, world.outOfScope.id)).statusCode).toBe(404);
  });

  it('routes notification kinds to customer-side roles (customerRoleReceives), keeping other kinds as stored', async () => {
    const db = ctx.database.db;
    const res = await put('System Admin', { notificationRoles: { service_request_property_update: ['Property Manager', 'Board Member'] } });
    expect(res.json<CustomerSettings>().notificationRoles).toMatchObject({
      service_request_property_update: ['Property Manager', 'Board Member'],
      portal_registration_pending: ['Property Manager'],
    });
    expect(await customerRoleReceives(db, world.inScope.id, 'Board Member', 'service_request_property_update')).toBe(true);
    expect(await customerRoleReceives(db, world.inScope.id, 'Resident', 'service_request_property_update')).toBe(false);
    expect(await customerRoleReceives(db, world.inScope.id, 'Resident', 'service_request_update')).toBe(true);
    // Staff kinds are not the customer's to route.
    expect(await customerRoleReceives(db, world.inScope.id, 'Resident', 'service_request_created')).toBe(true);
    // Another customer keeps the defaults.
    expect(await customerRoleReceives(db, world.outOfScope.id, 'Resident', 'service_request_property_update')).toBe(true);

    // The roles counted are the person's roles at THIS customer.
    const both = await createUser(ctx, { roles: ['Resident', 'Board Member'] });
    await linkCustomerUser(ctx, world.inScope.id, both.id, 'active', ['Resident']);
    const receivers = await customerUsersReceiving(db, world.inScope.id, 'service_request_property_update');
    expect(receivers.sort()).toEqual([world.users['Property Manager'].id, world.users['Board Member'].id].sort());

    const bad = await put('System Admin', { notificationRoles: { service_request_update: ['Crew Leader'] } });
    expect(bad.statusCode).toBe(400);
  });
});
