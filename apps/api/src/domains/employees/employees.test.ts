import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES, type Employee, type Page } from '@grove/shared';
import { auditLog, files, users } from '../../db/schema.js';
import { outboxEmails } from '../../test/outbox-emails.js';
import {
  addTeamMember,
  createBranch,
  createCustomer,
  createUser,
  linkCustomerUser,
  signIn,
  type BranchRow,
  type SignedIn,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { browser, call, login } from '../auth/test-factories.js';
import { EMAIL_TAKEN_TEXT, SELF_LOCKOUT_TEXT } from './write-service.js';

const NEW_PASSWORD = 'Quiet-Harbor-Kettle-93';

describe(`employees and the team directory (${dbKind})`, () => {
  let ctx: TestContext;
  let marietta: BranchRow;
  let plano: BranchRow;
  let adminUser: TestUser;
  let admin: SignedIn;
  let crewUser: TestUser;
  let crew: SignedIn;
  let ana: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://portal.grove.test' });
    marietta = await createBranch(ctx, { name: 'Marietta' });
    plano = await createBranch(ctx, { name: 'Plano' });
    adminUser = await createUser(ctx, { roles: ['System Admin'], firstName: 'Sam', lastName: 'Admin' });
    admin = await signIn(ctx, adminUser);
    ana = await createUser(ctx, { roles: ['Account Manager'], firstName: 'Ana', lastName: 'Reyes', title: 'Senior Account Manager', branchId: marietta.id, regionId: marietta.regionId, phone: '555-0101' });
    crewUser = await createUser(ctx, { roles: ['Crew Leader'], firstName: 'Cole', lastName: 'Baker', branchId: marietta.id, regionId: marietta.regionId });
    crew = await signIn(ctx, crewUser);
    await createUser(ctx, { roles: ['Branch Manager', 'Account Manager'], firstName: 'Tasha', lastName: 'Williams', branchId: plano.id, regionId: plano.regionId });
    await createUser(ctx, { roles: ['Crew Leader'], firstName: 'Gone', lastName: 'Away', active: false });
    const resident = await createUser(ctx, { roles: ['Resident'], firstName: 'Not', lastName: 'Staff' });
    // Ana serves three customers: she manages two, and is on the team of a third the crew leader cannot see.
    const oak = await createCustomer(ctx, { name: 'Oak Hollow', branchId: marietta.id, accountManagerId: ana.id });
    const birch = await createCustomer(ctx, { name: 'Birch Lofts', branchId: marietta.id, accountManagerId: ana.id });
    const hidden = await createCustomer(ctx, { name: 'Hidden Acres', branchId: plano.id });
    await addTeamMember(ctx, hidden.id, ana.id, 'Account Manager');
    await addTeamMember(ctx, oak.id, crewUser.id, 'Crew Leader');
    await addTeamMember(ctx, birch.id, crewUser.id, 'Crew Leader');
    await linkCustomerUser(ctx, oak.id, resident.id);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const list = async (headers: SignedIn, query = '') => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/Employees${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page<Employee>>();
  };
  const names = (page: Page<Employee>) => page.data.map((e) => `${e.firstName} ${e.lastName}`);

  it('lists active staff only, by name, with branch, region and the customers they serve (in the caller’s scope)', async () => {
    const page = await list(admin);
    expect(names(page)).toEqual(['Sam Admin', 'Cole Baker', 'Ana Reyes', 'Tasha Williams']);
    const anaRow = page.data.find((e) => e.id === ana.id)!;
    expect(anaRow).toMatchObject({ title: 'Senior Account Manager', roles: ['Account Manager'], branchName: 'Marietta', phone: '555-0101', active: true, invited: false, customerCount: 3 });
    expect(anaRow.customers.map((c) => c.name)).toEqual(['Birch Lofts', 'Hidden Acres', 'Oak Hollow']);
    // The crew leader sees only the customers of their own teams.
    const seenByCrew = (await list(crew)).data.find((e) => e.id === ana.id)!;
    expect(seenByCrew).toMatchObject({ customerCount: 2, customers: [{ name: 'Birch Lofts' }, { name: 'Oak Hollow' }] });
  });

  it('searches and filters by branch, region, role and active; pages', async () => {
    expect(names(await list(crew, '?search=reyes'))).toEqual(['Ana Reyes']);
    expect(names(await list(crew, '?search=senior%20account'))).toEqual(['Ana Reyes']);
    expect(names(await list(crew, `?branchId=${plano.id}`))).toEqual(['Tasha Williams']);
    expect(names(await list(crew, `?regionId=${marietta.regionId}`))).toEqual(['Cole Baker', 'Ana Reyes']);
    expect(names(await list(crew, '?role=Account%20Manager'))).toEqual(['Ana Reyes', 'Tasha Williams']);
    expect(names(await list(admin, '?active=false'))).toEqual(['Gone Away']);
    expect(names(await list(crew, '?sort=-name&pageSize=2&page=2'))).toEqual(['Cole Baker', 'Sam Admin']);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/Employees?role=Resident', headers: crew });
    expect(bad.json()).toMatchObject({ errors: { role: [VALIDATION_MESSAGES.invalid] } });
  });

  it('is for staff only', async () => {
    const resident = await signIn(ctx, (await ctx.database.db.select().from(users).where(eq(users.firstName, 'Not')))[0]!);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/Employees', headers: resident })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/Employees/${ana.id}`, headers: crew })).json()).toMatchObject({ id: ana.id });
    const residentId = (await ctx.database.db.select().from(users).where(eq(users.firstName, 'Not')))[0]!.id;
    expect((await ctx.app.inject({ method: 'GET', url: `/api/Employees/${residentId}`, headers: crew })).statusCode).toBe(404);
  });

  it('creates staff (System Admin) with an invitation that sets the password; duplicates are 409; staff roles only', async () => {
    const forbidden = await ctx.app.inject({ method: 'POST', url: '/api/Employees', headers: crew, payload: { email: 'x@example.com', firstName: 'X', lastName: 'Y', roles: ['Crew Leader'] } });
    expect(forbidden.statusCode).toBe(403);
    const customerRole = await ctx.app.inject({ method: 'POST', url: '/api/Employees', headers: admin, payload: { email: 'x@example.com', firstName: 'X', lastName: 'Y', roles: ['Resident'] } });
    expect(customerRole.statusCode).toBe(400);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/Employees',
      headers: admin,
      payload: { email: 'New.Hire@example.com', firstName: 'Nina', lastName: 'Hire', title: 'Crew Leader', roles: ['Crew Leader'], branchId: plano.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    // The region comes from the branch.
    expect(res.json()).toMatchObject({ email: 'New.Hire@example.com', invited: true, branchName: 'Plano', regionId: plano.regionId });
    const [mail] = await outboxEmails(ctx, 'New.Hire@example.com');
    const link = new URL(/https:\/\/portal\.grove\.test\/resetPassword\?\S+/.exec(mail!.text)![0]);
    const b = browser('10.77.0.1');
    const reset = await call(ctx.app, b, { method: 'POST', url: '/api/Users/ResetPassword', payload: { email: link.searchParams.get('email'), code: link.searchParams.get('code'), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } });
    expect(reset.statusCode).toBe(200);
    expect((await login(ctx.app, 'new.hire@example.com', NEW_PASSWORD, b)).res.statusCode).toBe(200);

    const dup = await ctx.app.inject({ method: 'POST', url: '/api/Employees', headers: admin, payload: { email: 'new.hire@EXAMPLE.com', firstName: 'A', lastName: 'B', roles: ['Crew Leader'] } });
    expect(dup.json()).toEqual({ message: EMAIL_TAKEN_TEXT });
    const mismatch = await ctx.app.inject({ method: 'POST', url: '/api/Employees', headers: admin, payload: { email: 'm@example.com', firstName: 'A', lastName: 'B', roles: ['Crew Leader'], regionId: marietta.regionId, branchId: plano.id } });
    expect(mismatch.json()).toMatchObject({ errors: { branchId: [VALIDATION_MESSAGES.invalid] } });
  });

  it('changes roles (audited, sessions end), deactivates (sessions end, sign-in refused), and protects the admin from locking themselves out', async () => {
    const person = await createUser(ctx, { roles: ['Crew Leader'], firstName: 'Role', lastName: 'Changer' });
    const session = await signIn(ctx, person);
    const me = () => ctx.app.inject({ method: 'GET', url: '/api/Users/me', headers: session });
    expect((await me()).statusCode).toBe(200);
    const changed = await ctx.app.inject({ method: 'PUT', url: `/api/Employees/${person.id}`, headers: admin, payload: { roles: ['Account Manager', 'Crew Leader'], title: 'Lead' } });
    expect(changed.json()).toMatchObject({ roles: ['Account Manager', 'Crew Leader'], title: 'Lead' });
    expect((await me()).statusCode).toBe(401);
    const [audit] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.subjectUserId, person.id), eq(auditLog.action, 'user.roles_changed')));
    expect(audit).toMatchObject({ actorId: adminUser.id });

    const second = await signIn(ctx, person);
    const off = await ctx.app.inject({ method: 'POST', url: `/api/Employees/${person.id}/deactivate`, headers: admin });
    expect(off.json()).toMatchObject({ active: false });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/Users/me', headers: second })).statusCode).toBe(401);
    expect((await login(ctx.app, person.email, person.password, browser('10.77.0.2'))).res.statusCode).toBe(400);

    expect((await ctx.app.inject({ method: 'PUT', url: `/api/Employees/${adminUser.id}`, headers: admin, payload: { roles: ['Executive'] } })).json()).toEqual({ message: SELF_LOCKOUT_TEXT });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/Employees/${adminUser.id}/deactivate`, headers: admin })).statusCode).toBe(409);
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/Employees/${ana.id}`, headers: crew, payload: { title: 'x' } })).statusCode).toBe(403);
  });

  it('sets a staff photo that every staff member can read, and customer users only where the person is on the team', async () => {
    const [photo] = await ctx.database.db
      .insert(files)
      .values({ kind: 'photo', originalName: 'ana.jpg', storageKey: `k/${crypto.randomUUID()}`, mimeType: 'image/jpeg', sizeBytes: 10, sha256: 'x', uploadedBy: adminUser.id })
      .returning();
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/Employees/${ana.id}`, headers: admin, payload: { photoFileId: photo!.id } });
    expect(res.json()).toMatchObject({ photoFileId: photo!.id });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/Files/${photo!.id}`, headers: crew })).statusCode).toBe(200);
    const resident = (await ctx.database.db.select().from(users).where(eq(users.firstName, 'Not')))[0]!;
    // Ana manages Oak Hollow, where the resident lives: the customer's team shows with photos (issue 14).
    expect((await ctx.app.inject({ method: 'GET', url: `/api/Files/${photo!.id}`, headers: await signIn(ctx, resident) })).statusCode).toBe(200);
    const stranger = await createUser(ctx, { roles: ['Resident'] });
    await linkCustomerUser(ctx, (await createCustomer(ctx, { branchId: ana.branchId! })).id, stranger.id);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/Files/${photo!.id}`, headers: await signIn(ctx, stranger) })).statusCode).toBe(404);
  });
});
