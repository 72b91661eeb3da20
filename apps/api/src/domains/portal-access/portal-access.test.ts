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
import { browser, call, login } from '../auth/auth-test-client.js';
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

  it('links an existing account instead of duplicating it (one person, two customers)', async () => {
    const other = await createCustomer(ctx, { branchId: world.branchA.id, regionId: world.regionA.id });
    const person = await createUser(ctx, { roles: ['Resident'], email: 'dual.home@example.com', firstName: 'Dana' });
    await linkCustomerUser(ctx, other.id, person.id);

    const check = await ctx.app.inject({ method: 'GET', url: `/api/Users/CheckUserExists?email=DUAL.home%40example.com&customerId=${world.inScope.id}`, headers: pm });
    expect(check.json()).toEqual({ exists: true, linkedToCustomer: false });

    const res = await invite(pm, { firstName: 'Someone', lastName: 'Else', email: 'Dual.Home@example.com', roles: ['Tenant/Resident'] });
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

  it('audits role changes and ends the user’s sessions; disable ends them too, enable restores access', async () => {
    const user = await createUser(ctx, { roles: ['Resident'], firstName: 'Rolf' });
    await linkCustomerUser(ctx, world.inScope.id, user.id);
    const session = await signIn(ctx, user);
    const mine = () => ctx.app.inject({ method: 'GET', url: `/api/Customers/${world.inScope.id}`, headers: session });
    expect((await mine()).statusCode).toBe(200);

    const changed = await inject('PUT', `${base()}/${user.id}`, pm, { roles: ['Board Member'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<PortalUserDetail>()).toMatchObject({ roles: ['Board Member'], status: 'active' });
    expect((await mine()).statusCode).toBe(401);
    const [audit] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.subjectUserId, user.id), eq(auditLog.action, 'user.roles_changed')));
    expect(audit).toMatchObject({ actorId: world.users['Property Manager'].id, detail: expect.objectContaining({ before: ['Resident'], after: ['Board Member'] }) as object });

    const second = await signIn(ctx, user);
    const disabled = await inject('POST', `${base()}/${user.id}/disable`, pm);
    expect(disabled.json()).toMatchObject({ status: 'disabled' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/Users/me', headers: second })).statusCode).toBe(401);
    // A fresh session no longer sees the customer (scope needs an active link)…
    const third = await signIn(ctx, user);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/Customers/${world.inScope.id}`, headers: third })).statusCode).toBe(404);

    const enabled = await inject('POST', `${base()}/${user.id}/enable`, pm);
    expect(enabled.json()).toMatchObject({ status: 'active', roles: ['Board Member'] });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/Customers/${world.inScope.id}`, headers: third })).statusCode).toBe(200);
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
    expect(own.json<PortalUserDetail>().notifications).toContainEqual({ kind: 'service_request_update', inApp: true, email: false });
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
});
