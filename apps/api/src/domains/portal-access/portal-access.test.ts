import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES, type Page, type PortalUser, type PortalUserCreated, type PortalUserDetail } from '@grove/shared';
import { auditLog, customerUsers, users } from '../../db/schema.js';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../mail/test-smtp-server.js';
import {
  TEST_PASSWORD,
  addTeamMember,
  createCustomer,
  createScopeWorld,
  createUser,
  linkCustomerUser,
  signIn,
  type ScopeWorld,
  type SignedIn,
} from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { browser, call, login } from '../auth/test-factories.js';
import { ALREADY_LINKED_TEXT, SELF_CHANGE_TEXT, STAFF_EMAIL_TEXT } from './write-service.js';

const NEW_PASSWORD = 'Quiet-Harbor-Kettle-93';

function inviteLink(mail: ReceivedMail): URL {
  const match = /https:\/\/portal\.grove\.test\/resetPassword\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no invitation link in: ${mail.text}`);
  return new URL(match[0]);
}

describe(`portal access (${dbKind})`, () => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  let world: ScopeWorld;
  let pm: SignedIn;
  let admin: SignedIn;
  let ip = 0;
  const fromNewIp = () => browser(`10.44.0.${++ip}`);

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.grove.test', RUN_JOBS: 'true' });
    world = await createScopeWorld(ctx);
    pm = await signIn(ctx, world.users['Property Manager']);
    admin = await signIn(ctx, world.users['System Admin']);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const base = (customerId = world.inScope.id) => `/api/Customers/${customerId}/portal-users`;
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: SignedIn, payload?: object) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const invite = (headers: SignedIn, body: object, customerId?: string) => inject('POST', base(customerId), headers, body);

  it('invites a new user: email with a 7-day link → set the password → sign in and see the property', async () => {
    const res = await invite(pm, { firstName: 'Iris', lastName: 'Nakamura', email: 'Iris.Invitee@example.com', phone: '555-0142', roles: ['Board Member', 'Landscape Committee'], unit: 'Lot 12' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<PortalUserCreated>();
    expect(created).toMatchObject({ firstName: 'Iris', email: 'Iris.Invitee@example.com', roles: ['Board Member', 'Landscape Committee'], status: 'invited', unit: 'Lot 12', linkedExisting: false, lastLoginAt: null });

    const mail = await smtp.waitFor('Iris.Invitee@example.com');
    expect(mail.subject).toContain(world.inScope.name);
    const link = inviteLink(mail);
    expect(link.searchParams.get('invite')).toBe('1');
    expect(mail.text).toContain('7');

    const b = fromNewIp();
    expect((await login(ctx.app, 'iris.invitee@example.com', NEW_PASSWORD, b)).res.statusCode).toBe(400);
    const reset = await call(ctx.app, b, {
      method: 'POST',
      url: '/api/Users/ResetPassword',
      payload: { email: link.searchParams.get('email'), code: link.searchParams.get('code'), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await login(ctx.app, 'iris.invitee@example.com', NEW_PASSWORD, b);
    expect(signedIn.res.statusCode).toBe(200);
    expect(signedIn.res.json()).toMatchObject({ user: { role: 'Board Member,Landscape Committee', customerIds: [world.inScope.id] } });
    const property = await call(ctx.app, b, { method: 'GET', url: `/api/Customers/${world.inScope.id}`, token: signedIn.token });
    expect(property.json()).toMatchObject({ view: 'customer', id: world.inScope.id, myRoles: ['Board Member', 'Landscape Committee'] });

    const listed = await inject('GET', `${base()}?search=iris`, pm);
    expect(listed.json<Page<PortalUser>>().data).toEqual([expect.objectContaining({ email: 'Iris.Invitee@example.com', status: 'active', lastLoginAt: expect.any(String) as string })]);
  });

  it('staff link an existing account at once instead of duplicating it (one person, two customers)', async () => {
    const other = await createCustomer(ctx, { branchId: world.branchA.id, regionId: world.regionA.id });
    const person = await createUser(ctx, { roles: ['Resident'], email: 'dual.home@example.com', firstName: 'Dana' });
    await linkCustomerUser(ctx, other.id, person.id);

    const check = await ctx.app.inject({ method: 'GET', url: `/api/Users/CheckUserExists?email=DUAL.home%40example.com&customerId=${world.inScope.id}`, headers: admin });
    expect(check.json()).toEqual({ exists: true, linkedToCustomer: false });

    const res = await invite(admin, { firstName: 'Someone', lastName: 'Else', email: 'Dual.Home@example.com', roles: ['Tenant/Resident'] });
    expect(res.statusCode, res.body).toBe(201);
    // The account keeps its own names; it is active at once (it has a password).
    expect(res.json()).toMatchObject({ userId: person.id, firstName: 'Dana', roles: ['Tenant/Resident'], status: 'active', linkedExisting: true });
    const mail = await smtp.waitFor('dual.home@example.com');
    expect(mail.text).not.toContain('code=');
    expect(mail.text).toContain('https://portal.grove.test/login');

    const accounts = await ctx.database.db.select().from(users).where(eq(users.username, 'dual.home@example.com'));
    expect(accounts).toHaveLength(1);
    // users.roles is the union of the per-customer roles.
    expect(accounts[0]!.roles).toEqual(['Resident', 'Tenant/Resident']);
    const links = await ctx.database.db.select().from(customerUsers).where(eq(customerUsers.userId, person.id));
    expect(links.map((link) => [link.customerId, link.roles]).sort()).toEqual(
      [
        [other.id, ['Resident']],
        [world.inScope.id, ['Tenant/Resident']],
      ].sort(),
    );
    expect((await ctx.app.inject({ method: 'GET', url: `/api/Users/CheckUserExists?email=dual.home%40example.com&customerId=${world.inScope.id}`, headers: pm })).json()).toEqual({
      exists: true,
      linkedToCustomer: true,
    });
    const again = await invite(pm, { firstName: 'Dana', lastName: 'X', email: 'dual.home@example.com', roles: ['Resident'] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ALREADY_LINKED_TEXT });
  });

  it('never lets a customer-side manager grant a staff role, nor link a staff account', async () => {
    const staffRole = await invite(pm, { firstName: 'Eve', lastName: 'Sneaky', email: 'eve.sneaky@example.com', roles: ['Resident', 'System Admin'] });
    expect(staffRole.statusCode).toBe(400);
    expect(staffRole.json()).toMatchObject({ errors: { 'roles.1': [VALIDATION_MESSAGES.invalid] } });
    expect(await ctx.database.db.select().from(users).where(eq(users.username, 'eve.sneaky@example.com'))).toEqual([]);

    const resident = world.users.Resident;
    const upgrade = await inject('PUT', `${base()}/${resident.id}`, pm, { roles: ['Account Manager'] });
    expect(upgrade.statusCode).toBe(400);
    const [account] = await ctx.database.db.select({ roles: users.roles }).from(users).where(eq(users.id, resident.id));
    expect(account!.roles).toEqual(['Resident']);

    const staffEmail = await invite(admin, { firstName: 'Crew', lastName: 'Leader', email: world.users['Crew Leader'].email, roles: ['Resident'] });
    expect(staffEmail.statusCode).toBe(409);
    expect(staffEmail.json()).toEqual({ message: STAFF_EMAIL_TEXT });
  });

  it('audits role changes; disable removes access to this customer only, ends no session, enable restores it', async () => {
    const user = await createUser(ctx, { roles: ['Resident'], firstName: 'Rolf' });
    const elsewhere = await createCustomer(ctx, { branchId: world.branchA.id, regionId: world.regionA.id });
    await linkCustomerUser(ctx, world.inScope.id, user.id);
    await linkCustomerUser(ctx, elsewhere.id, user.id);
    const session = await signIn(ctx, user);
    const sees = async (customerId: string) => (await ctx.app.inject({ method: 'GET', url: `/api/Customers/${customerId}`, headers: session })).statusCode;
    expect(await sees(world.inScope.id)).toBe(200);

    const changed = await inject('PUT', `${base()}/${user.id}`, pm, { roles: ['Board Member'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<PortalUserDetail>()).toMatchObject({ roles: ['Board Member'], status: 'active' });
    // Rights are read per request: the same session has the new role at once.
    const me = await ctx.app.inject({ method: 'GET', url: '/api/Users/me', headers: session });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ roles: string[] }>().roles).toContain('Board Member');
    const [audit] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, 'user.roles_changed')));
    expect(audit).toMatchObject({ actorId: world.users['Property Manager'].id, detail: expect.objectContaining({ before: ['Resident'], after: ['Board Member'] }) as object });

    const disabled = await inject('POST', `${base()}/${user.id}/disable`, pm);
    expect(disabled.json()).toMatchObject({ status: 'disabled' });
    // This customer is gone for them; their session and their other customer are untouched.
    expect(await sees(world.inScope.id)).toBe(404);
    expect(await sees(elsewhere.id)).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/Users/me', headers: session })).statusCode).toBe(200);

    const enabled = await inject('POST', `${base()}/${user.id}/enable`, pm);
    expect(enabled.json()).toMatchObject({ status: 'active', roles: ['Board Member'] });
    expect(await sees(world.inScope.id)).toBe(200);
  });

  it('answers who may manage: editors, the customer’s account manager and property managers; board members only when allowed', async () => {
    const status = async (headers: SignedIn, customerId = world.inScope.id) => (await inject('GET', base(customerId), headers)).statusCode;
    for (const role of ['System Admin', 'Executive', 'Executive Team', 'Regional Director', 'Regional Manager', 'Branch Manager', 'Account Manager', 'Property Manager'] as const) {
      expect(await status(await signIn(ctx, world.users[role])), role).toBe(200);
    }
    for (const role of ['Crew Leader', 'Business Development', 'Board Member', 'Resident', 'Tenant/Resident', 'Landscape Committee'] as const) {
      expect(await status(await signIn(ctx, world.users[role])), role).toBe(403);
    }
    // Out of scope: 404 for the scoped roles, whatever their rights elsewhere.
    for (const role of ['Branch Manager', 'Account Manager', 'Property Manager', 'Board Member'] as const) {
      expect(await status(await signIn(ctx, world.users[role]), world.outOfScope.id), role).toBe(404);
    }
    const board = await signIn(ctx, world.users['Board Member']);
    await inject('PUT', `/api/Customers/${world.inScope.id}/settings`, admin, { boardMembersManagePortal: true });
    expect(await status(board)).toBe(200);
    await inject('PUT', `/api/Customers/${world.inScope.id}/settings`, admin, { boardMembersManagePortal: false });
    expect(await status(board)).toBe(403);
  });

  it('lets nobody change their own access', async () => {
    const self = world.users['Property Manager'].id;
    expect((await inject('POST', `${base()}/${self}/disable`, pm)).json()).toEqual({ message: SELF_CHANGE_TEXT });
    expect((await inject('PUT', `${base()}/${self}`, pm, { roles: ['Resident'] })).statusCode).toBe(409);
    // Own notification choices are fine.
    const own = await inject('PUT', `${base()}/${self}`, pm, { notifications: [{ kind: 'service_request_update', inApp: true, email: false }] });
    expect(own.statusCode).toBe(200);
    expect(own.json<PortalUserDetail>().notifications).toContainEqual(expect.objectContaining({ kind: 'service_request_update', inApp: true, email: false }));
  });

  it('resends an invitation with a new link (the old one stops working), only while invited', async () => {
    const created = (await invite(admin, { firstName: 'Tom', lastName: 'Later', email: 'tom.later@example.com', roles: ['Resident'] })).json<PortalUser>();
    const first = inviteLink(await smtp.waitFor('tom.later@example.com'));
    const resent = await inject('POST', `${base()}/${created.userId}/resend-invitation`, admin);
    expect(resent.statusCode).toBe(200);
    const second = inviteLink(await smtp.waitFor('tom.later@example.com', (mail) => !mail.text.includes(first.searchParams.get('code')!)));
    const b = fromNewIp();
    const tryCode = (code: string) =>
      call(ctx.app, b, { method: 'POST', url: '/api/Users/ResetPassword', payload: { email: 'tom.later@example.com', code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect((await tryCode(first.searchParams.get('code')!)).statusCode).toBe(400);
    expect((await tryCode(second.searchParams.get('code')!)).statusCode).toBe(200);
    expect((await inject('POST', `${base()}/${created.userId}/resend-invitation`, admin)).statusCode).toBe(409);
  });

  it('answers CheckUserExists only to those who may add the person', async () => {
    const url = (query: string) => `/api/Users/CheckUserExists?${query}`;
    const resident = await signIn(ctx, world.users.Resident);
    const crew = await signIn(ctx, world.users['Crew Leader']);
    expect((await ctx.app.inject({ method: 'GET', url: url(`email=x%40example.com&customerId=${world.inScope.id}`), headers: resident })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: url(`email=x%40example.com&customerId=${world.outOfScope.id}`), headers: pm })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: url('email=x%40example.com'), headers: crew })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: url(`email=${encodeURIComponent(world.users['Crew Leader'].email)}`), headers: admin })).json()).toEqual({ exists: true, linkedToCustomer: false });
    expect((await ctx.app.inject({ method: 'GET', url: url('email=nobody%40example.com'), headers: admin })).json()).toEqual({ exists: false, linkedToCustomer: false });
  });

  it('lists portal users with status filter, search and paging; 404 for a person not linked to the customer', async () => {
    const pending = await createUser(ctx, { roles: ['Resident'], active: false, lastName: 'Pendleton' });
    await linkCustomerUser(ctx, world.inScope.id, pending.id, 'pending_approval');
    const onlyPending = (await inject('GET', `${base()}?status=pending_approval`, pm)).json<Page<PortalUser>>();
    expect(onlyPending.data.map((row) => row.userId)).toEqual([pending.id]);
    const page = (await inject('GET', `${base()}?pageSize=2&sort=-name`, pm)).json<Page<PortalUser>>();
    expect(page.data).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    const stranger = await createUser(ctx, { roles: ['Resident'] });
    expect((await inject('GET', `${base()}/${stranger.id}`, pm)).statusCode).toBe(404);
    // A team account manager of the customer manages it too.
    const am = await createUser(ctx, { roles: ['Account Manager'] });
    await addTeamMember(ctx, world.inScope.id, am.id, 'Account Manager');
    expect((await inject('GET', `${base()}/${pending.id}`, await signIn(ctx, am))).json()).toMatchObject({ status: 'pending_approval' });
  });

  it('signs in with the test password for linked users (sanity of the fixture)', async () => {
    expect((await login(ctx.app, world.users.Resident.email, TEST_PASSWORD, fromNewIp())).res.statusCode).toBe(200);
  });

  describe('tenant isolation between customers (issue 9 §5)', () => {
    let customerB: Awaited<ReturnType<typeof createCustomer>>;
    let pmB: SignedIn;
    const baseB = () => base(customerB.id);
    beforeAll(async () => {
      customerB = await createCustomer(ctx, { branchId: world.branchB.id, regionId: world.regionB.id });
      const managerB = await createUser(ctx, { roles: ['Property Manager'] });
      await linkCustomerUser(ctx, customerB.id, managerB.id, 'active', ['Property Manager']);
      pmB = await signIn(ctx, managerB);
    });

    async function memberOfB(email: string) {
      const person = await createUser(ctx, { roles: ['Resident'], email, firstName: 'Bea', lastName: 'Bystander', phone: '555-0199' });
      await linkCustomerUser(ctx, customerB.id, person.id);
      await ctx.database.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, person.id));
      return person;
    }

    it('adding another customer’s person sends a join request: A sees only the email and "invited" until they accept', async () => {
      const person = await memberOfB('bea.elsewhere@example.com');
      // Whether the email has an account elsewhere is not A's to know.
      const check = await ctx.app.inject({ method: 'GET', url: `/api/Users/CheckUserExists?email=bea.elsewhere%40example.com&customerId=${world.inScope.id}`, headers: pm });
      expect(check.json()).toEqual({ exists: false, linkedToCustomer: false });

      const res = await invite(pm, { firstName: 'Whatever', lastName: 'Typed', email: 'bea.elsewhere@example.com', roles: ['Resident'] });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ userId: person.id, email: 'bea.elsewhere@example.com', firstName: '', lastName: '', phone: null, lastLoginAt: null, status: 'invited', linkedExisting: false });
      const listed = (await inject('GET', `${base()}?search=bystander`, pm)).json<Page<PortalUser>>();
      expect(listed.data).toEqual([]); // hidden names are not searchable either
      const detail = await inject('GET', `${base()}/${person.id}`, pm);
      expect(detail.json()).toMatchObject({ firstName: '', phone: null, lastLoginAt: null, status: 'invited' });

      // Nothing changed for the person yet: no access to A, roles as before.
      const session = await signIn(ctx, person);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/Customers/${world.inScope.id}`, headers: session })).statusCode).toBe(404);
      const mail = await smtp.waitFor('bea.elsewhere@example.com');
      expect(mail.subject).toContain(world.inScope.name);
      expect(mail.text).toContain('https://portal.grove.test/login');
      expect(mail.text).not.toContain('code=');

      // The person sees the request after signing in and accepts it.
      const requests = await ctx.app.inject({ method: 'GET', url: '/api/Users/me/join-requests', headers: session });
      expect(requests.json()).toEqual({ data: [expect.objectContaining({ customerId: world.inScope.id, customerName: world.inScope.name, roles: ['Resident'], invitedBy: expect.any(String) as string })] });
      expect((await ctx.app.inject({ method: 'POST', url: `/api/Users/me/join-requests/${world.inScope.id}/accept`, headers: session })).statusCode).toBe(204);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/Customers/${world.inScope.id}`, headers: session })).statusCode).toBe(200);
      expect((await inject('GET', `${base()}/${person.id}`, pm)).json()).toMatchObject({ firstName: 'Bea', phone: '555-0199', status: 'active', lastLoginAt: expect.any(String) as string });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/Users/me/join-requests', headers: session })).json()).toEqual({ data: [] });
    });

    it('a declined request leaves nothing behind; A cannot answer for the person', async () => {
      const person = await memberOfB('dee.decliner@example.com');
      expect((await invite(pm, { firstName: 'D', lastName: 'D', email: 'dee.decliner@example.com', roles: ['Resident'] })).statusCode).toBe(201);
      // A's manager cannot accept on the person's behalf (it is not their request).
      expect((await ctx.app.inject({ method: 'POST', url: `/api/Users/me/join-requests/${world.inScope.id}/accept`, headers: pm })).statusCode).toBe(404);
      const session = await signIn(ctx, person);
      expect((await ctx.app.inject({ method: 'POST', url: `/api/Users/me/join-requests/${world.inScope.id}/decline`, headers: session })).statusCode).toBe(204);
      expect((await inject('GET', `${base()}/${person.id}`, pm)).statusCode).toBe(404);
      const [account] = await ctx.database.db.select({ roles: users.roles }).from(users).where(eq(users.id, person.id));
      expect(account!.roles).toEqual(['Resident']);
    });

    it('contact details and last sign-in show to a customer’s managers for active members only', async () => {
      const invited = await createUser(ctx, { roles: ['Resident'], password: null, phone: '555-0101' });
      const disabled = await createUser(ctx, { roles: ['Resident'], phone: '555-0102' });
      await linkCustomerUser(ctx, world.inScope.id, invited.id);
      await linkCustomerUser(ctx, world.inScope.id, disabled.id, 'disabled');
      for (const user of [invited, disabled]) {
        expect((await inject('GET', `${base()}/${user.id}`, pm)).json(), user.email).toMatchObject({ phone: null, lastLoginAt: null });
        // Staff see the record as it is.
        expect((await inject('GET', `${base()}/${user.id}`, admin)).json<PortalUser>().phone).toMatch(/^555-010/);
      }
    });

    it('notification choices are per membership: A’s manager changes them for A only', async () => {
      const person = await memberOfB('nora.notify@example.com');
      await linkCustomerUser(ctx, world.inScope.id, person.id);
      const off = [{ kind: 'service_request_update', inApp: false, email: false }];
      const atA = await inject('PUT', `${base()}/${person.id}`, pm, { notifications: off });
      expect(atA.json<PortalUserDetail>().notifications).toContainEqual(expect.objectContaining({ kind: 'service_request_update', inApp: false, email: false }));
      const atB = (await inject('GET', `${baseB()}/${person.id}`, pmB)).json<PortalUserDetail>();
      expect(atB.notifications).toContainEqual(expect.objectContaining({ kind: 'service_request_update', inApp: true, email: true }));
      // The person's own choices are untouched too.
      const own = await ctx.app.inject({ method: 'GET', url: '/api/Notifications/preferences', headers: await signIn(ctx, person) });
      expect(own.json<{ data: object[] }>().data).toContainEqual(expect.objectContaining({ kind: 'service_request_update', inApp: true, email: true }));
    });

    it('"disable" at A, again and again, never ends the person’s sessions nor their access to B', async () => {
      const person = await memberOfB('dora.disabled@example.com');
      await linkCustomerUser(ctx, world.inScope.id, person.id);
      const session = await signIn(ctx, person);
      for (let i = 0; i < 3; i++) {
        expect((await inject('POST', `${base()}/${person.id}/disable`, pm)).statusCode).toBe(200);
        expect((await inject('POST', `${base()}/${person.id}/enable`, pm)).statusCode).toBe(200);
      }
      await inject('POST', `${base()}/${person.id}/disable`, pm);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/Customers/${customerB.id}`, headers: session })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/Customers/${world.inScope.id}`, headers: session })).statusCode).toBe(404);
      // Only a System Admin disables the account everywhere (and that ends its sessions).
      expect((await inject('POST', `${base()}/${person.id}/disable-account`, pm)).statusCode).toBe(403);
      const everywhere = await inject('POST', `${base()}/${person.id}/disable-account`, admin);
      expect(everywhere.json()).toMatchObject({ status: 'disabled' });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/Users/me', headers: session })).statusCode).toBe(401);
      expect((await inject('POST', `${base()}/${person.id}/enable-account`, admin)).statusCode).toBe(200);
    });

    it('invitations are per customer: A’s invitation never cancels B’s', async () => {
      const created = (await invite(pmB, { firstName: 'Ivy', lastName: 'Twice', email: 'ivy.twice@example.com', roles: ['Resident'] }, customerB.id)).json<PortalUser>();
      const fromB = inviteLink(await smtp.waitFor('ivy.twice@example.com'));
      // Staff of A add the same (password-less) account: it gets A's own invitation.
      expect((await invite(admin, { firstName: 'Ivy', lastName: 'Twice', email: 'ivy.twice@example.com', roles: ['Resident'] })).statusCode).toBe(201);
      const fromA = inviteLink(await smtp.waitFor('ivy.twice@example.com', (mail) => !mail.text.includes(fromB.searchParams.get('code')!)));
      expect(fromA.searchParams.get('code')).not.toBe(fromB.searchParams.get('code'));
      // Resending A's invitation leaves B's link working.
      expect((await inject('POST', `${base()}/${created.userId}/resend-invitation`, admin)).statusCode).toBe(200);
      const reset = await call(ctx.app, fromNewIp(), {
        method: 'POST',
        url: '/api/Users/ResetPassword',
        payload: { email: 'ivy.twice@example.com', code: fromB.searchParams.get('code'), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });
      expect(reset.statusCode, reset.body).toBe(200);
    });
  });

  describe('Board Members who manage portal access (issue 9 §6)', () => {
    let board: SignedIn;
    beforeAll(async () => {
      await inject('PUT', `/api/Customers/${world.inScope.id}/settings`, admin, { boardMembersManagePortal: true });
      board = await signIn(ctx, world.users['Board Member']);
    });
    afterAll(async () => {
      await inject('PUT', `/api/Customers/${world.inScope.id}/settings`, admin, { boardMembersManagePortal: false });
    });

    it('may not change, disable or grant the Property Manager role; a Property Manager may', async () => {
      const manager = await createUser(ctx, { roles: ['Property Manager'] });
      await linkCustomerUser(ctx, world.inScope.id, manager.id, 'active', ['Property Manager']);
      const resident = await createUser(ctx, { roles: ['Resident'] });
      await linkCustomerUser(ctx, world.inScope.id, resident.id);

      expect((await inject('PUT', `${base()}/${manager.id}`, board, { roles: ['Resident'] })).statusCode).toBe(403);
      expect((await inject('POST', `${base()}/${manager.id}/disable`, board)).statusCode).toBe(403);
      expect((await inject('PUT', `${base()}/${resident.id}`, board, { roles: ['Property Manager'] })).statusCode).toBe(403);
      const grant = await invite(board, { firstName: 'New', lastName: 'Manager', email: 'new.manager@example.com', roles: ['Property Manager'] });
      expect(grant.statusCode).toBe(403);
      expect(await ctx.database.db.select().from(users).where(eq(users.username, 'new.manager@example.com'))).toEqual([]);
      // Residents are theirs to manage.
      expect((await inject('PUT', `${base()}/${resident.id}`, board, { roles: ['Landscape Committee'] })).statusCode).toBe(200);
      expect((await inject('POST', `${base()}/${resident.id}/disable`, board)).statusCode).toBe(200);
      // A Property Manager may do all of it.
      expect((await inject('PUT', `${base()}/${resident.id}`, pm, { roles: ['Property Manager'] })).statusCode).toBe(200);
      expect((await inject('POST', `${base()}/${manager.id}/disable`, pm)).statusCode).toBe(200);
    });
  });
});
